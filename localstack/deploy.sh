#!/usr/bin/env bash
# Deploys the CDK app to LocalStack with cdklocal (aws-cdk-local, pinned here), after `docker compose up -d`.
#   ./localstack/deploy.sh [stage]     (default dev)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STAGE="${1:-dev}"
CDKLOCAL_VERSION="3.0.4"
export AWS_ACCESS_KEY_ID=test AWS_SECRET_ACCESS_KEY=test AWS_REGION="${AWS_REGION:-us-east-1}"
export AWS_ENDPOINT_URL="${AWS_ENDPOINT_URL:-http://localhost:4566}"

curl -sf "$AWS_ENDPOINT_URL/_localstack/health" >/dev/null \
  || { echo "LocalStack is not answering at $AWS_ENDPOINT_URL (cd localstack && docker compose up -d)" >&2; exit 1; }

"$ROOT/scaleout" build
cd "$ROOT/cdk"
npm ci --no-audit --no-fund >/dev/null
CDKLOCAL=(npx --yes "aws-cdk-local@$CDKLOCAL_VERSION")
# cdklocal drives the project's own pinned cdk CLI (from cdk/node_modules)
export PATH="$ROOT/cdk/node_modules/.bin:$PATH"
"${CDKLOCAL[@]}" bootstrap --no-notices
# Redis: the compose service, reachable from LocalStack's Lambda containers on the compose network
"${CDKLOCAL[@]}" deploy "Scaleout-$STAGE" -c "stage=$STAGE" -c redisUrl=redis://redis:6379 \
  --require-approval never --no-notices
echo "deployed Scaleout-$STAGE to LocalStack; its ApiUrl output is the API"
