#!/usr/bin/env bash
# Deploys every stack of one stage of the CDK app to LocalStack with cdklocal (aws-cdk-local, pinned here), after
# `docker compose up -d`:
#   LOCALSTACK_AUTH_TOKEN=... ./localstack/deploy.sh [stage] [cdk options, e.g. -c webSite=true]   (default dev)
# Needs a paid LocalStack plan: the stage's APIs are API Gateway v2 APIs (the HTTP API, the live updates' WebSocket
# API), which LocalStack serves from its Base plan, and its Data stack has an Athena workgroup, listed from Ultimate.
# Since March 2026 LocalStack's image starts only with an auth token, on any plan. See README.md for what the free
# plan offers instead, and `./scaleout up` for the whole stack locally without LocalStack.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
STAGE="${1:-dev}"
shift || true

# Without a paid plan LocalStack would deploy the stage without its HTTP API (and without the site): a stage that
# answers nothing. Stop here instead, saying what the free plan offers.
[ -n "${LOCALSTACK_AUTH_TOKEN:-}" ] || { cat >&2 <<'MSG'
LOCALSTACK_AUTH_TOKEN is not set. LocalStack's image starts only with an auth token (since March 2026), and deploying
the CDK app needs a paid plan: API Gateway v2 (the HTTP and WebSocket APIs) from Base, the Data stack's Athena
workgroup from Ultimate. Set the token before `docker compose up -d`.
On the free (Hobby) plan, run the integration suite on LocalStack's DynamoDB and S3 instead:
  mvn -P localstack -pl declaration,functions,local,bench verify
and run the whole stack locally, free, with: ./scaleout up
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
# --all: every stack of the stage (the app synthesizes only the stage -c stage names), in dependency order.
# Redis: the compose service, reachable from LocalStack's Lambda containers on the compose network; given a Redis URL
# the stage has no Network stack (no VPC, no ElastiCache cache).
# localstack=true: the stacks reference each other by exports (Fn::ImportValue) instead of Fn::GetStackOutput,
# functions are built for this machine's architecture (LocalStack runs them here, not on Graviton), and no CloudFront
# site (a paid LocalStack feature; pass -c webSite=true to have it).
"${CDKLOCAL[@]}" deploy --all -c "stage=$STAGE" -c redisUrl=redis://redis:6379 -c localstack=true \
  --require-approval never --no-notices "$@"
echo "deployed the stacks Scaleout-$STAGE-* to LocalStack; the ApiUrl output of Scaleout-$STAGE-Api is the API"
