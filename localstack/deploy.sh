#!/usr/bin/env bash
# Deploys the CDK app to LocalStack with cdklocal (aws-cdk-local, pinned here), after `docker compose up -d`.
#   LOCALSTACK_AUTH_TOKEN=... ./localstack/deploy.sh [stage] [cdk options, e.g. -c webSite=true]   (default dev)
# Needs a paid LocalStack plan (Base or above): the stack's APIs are API Gateway v2 APIs (the HTTP API, the live
# updates' WebSocket API), which LocalStack serves only to an activated instance. See README.md for what the free plan offers instead.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STAGE="${1:-dev}"
shift || true

# Without a paid plan LocalStack would deploy the stack without its HTTP API (and without the site): a stack that
# answers nothing. Stop here instead, saying what the free plan offers.
[ -n "${LOCALSTACK_AUTH_TOKEN:-}" ] || { cat >&2 <<'MSG'
LOCALSTACK_AUTH_TOKEN is not set. Deploying the CDK app needs LocalStack's Base plan or above (API Gateway v2 HTTP
and WebSocket APIs are not in the free plan), with its auth token in LOCALSTACK_AUTH_TOKEN before `docker compose up -d`.
On the free plan, run the integration suite on LocalStack's DynamoDB and S3 instead:
  mvn -P localstack -pl declaration,functions,local,bench verify
MSG
exit 1; }
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
# Redis: the compose service, reachable from LocalStack's Lambda containers on the compose network.
# localstack=true: functions built for this machine's architecture (LocalStack runs them here, not on Graviton) and
# no CloudFront site (CloudFront is in LocalStack's paid plans above Base; pass -c webSite=true to have it).
"${CDKLOCAL[@]}" deploy "Scaleout-$STAGE" -c "stage=$STAGE" -c redisUrl=redis://redis:6379 -c localstack=true \
  --require-approval never --no-notices "$@"
echo "deployed Scaleout-$STAGE to LocalStack; its ApiUrl output is the API"
