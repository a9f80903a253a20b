#!/usr/bin/env bash
# `npm run kafka:local`: a single-node Apache Kafka 3.9 broker in KRaft mode on 127.0.0.1:9092,
# from the broker jars on Maven Central (deploy/kafka/pom.xml). Data under $KAFKA_LOCAL_DIR
# (default ./.kafka). Ctrl-C / SIGTERM stops it cleanly.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
dir="${KAFKA_LOCAL_DIR:-$root/.kafka}"
port="${KAFKA_LOCAL_PORT:-9092}"
mkdir -p "$dir"
command -v java >/dev/null || { echo "[kafka] java is needed (Java 17)"; exit 1; }
if [ ! -f "$dir/libs/kafka_2.13-3.9.1.jar" ]; then
  command -v mvn >/dev/null || { echo "[kafka] mvn is needed to resolve the broker from Maven Central"; exit 1; }
  echo "[kafka] resolving the broker jars from Maven Central …"
  mvn -q -B -f "$root/deploy/kafka/pom.xml" dependency:copy-dependencies -DoutputDirectory="$dir/libs"
fi
cat > "$dir/server.properties" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$((port + 1))
listeners=PLAINTEXT://127.0.0.1:$port,CONTROLLER://127.0.0.1:$((port + 1))
advertised.listeners=PLAINTEXT://127.0.0.1:$port
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$dir/data
num.partitions=3
auto.create.topics.enable=true
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
group.initial.rebalance.delay.ms=0
PROPS
classpath="$dir/libs/*"
if [ ! -f "$dir/data/meta.properties" ]; then
  echo "[kafka] formatting the storage …"
  java -cp "$classpath" kafka.tools.StorageTool format -t "$(java -cp "$classpath" kafka.tools.StorageTool random-uuid)" -c "$dir/server.properties" >/dev/null
fi
echo "[kafka] starting on 127.0.0.1:$port"
exec java -Xms256m -Xmx512m -Dlog4j.configuration="file:$root/deploy/kafka/log4j.properties" -cp "$classpath" kafka.Kafka "$dir/server.properties"
