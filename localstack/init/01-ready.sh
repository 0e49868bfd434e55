#!/bin/sh
# LocalStack runs this once it is ready: say so where `docker compose logs` shows it. The stack itself is created
# by ./deploy.sh (cdklocal bootstrap + deploy), so that what LocalStack runs is what `cdk deploy` would create.
echo "scaleout: LocalStack is ready; deploy with ./localstack/deploy.sh"
