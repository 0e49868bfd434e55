#!/bin/sh
# Runs the CDK app with plain java (one JVM start, no Maven at synth time). cdk.json calls it from cdk/.
# Needs `mvn -pl cdk install` (or package) first: target/classes and target/classpath.txt come from that build.
set -eu
cd "$(dirname "$0")"
if [ ! -f target/classpath.txt ] || [ ! -d target/classes ]; then
  echo "cdk/target is missing: build the CDK app first (mvn -B -q -pl cdk -am install)" >&2
  exit 1
fi
# ../scaleout exports JAVA_HOME (a JDK >= 21); called by hand, the java on PATH must be one.
JAVA="${JAVA_HOME:+$JAVA_HOME/bin/}java"
exec "$JAVA" -cp "target/classes:$(cat target/classpath.txt)" com.scaleout.cdk.ScaleoutApp
