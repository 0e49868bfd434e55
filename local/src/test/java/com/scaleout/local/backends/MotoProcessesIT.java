package com.scaleout.local.backends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.DynamoDbException;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;
import software.amazon.awssdk.services.dynamodb.model.WriteRequest;

/**
 * The gate in front of two moto processes, one serving the tables apart: each request reaches the process of the
 * tables it names, ListTables and moto's reset cover both, and a request naming tables of both is refused, since
 * the two cannot apply it atomically.
 */
class MotoProcessesIT {
    private static final String APART = "ApartTable";
    private static final String MAIN = "MainTable";
    private static ManagedProcess mainProcess;
    private static ManagedProcess apartProcess;
    private static DynamoDbGate gate;
    private static MotoClients throughGate;
    private static MotoClients mainDirect;
    private static MotoClients apartDirect;

    @BeforeAll
    static void start() throws Exception {
        Path dataDir = Path.of("target/it-data/moto-processes");
        int mainPort = Probes.freePort();
        mainProcess = MotoServer.start(MotoServer.Variant.PATCHED, mainPort, dataDir, "moto_server-main");
        int apartPort = Probes.freePort();
        apartProcess = MotoServer.start(MotoServer.Variant.PATCHED, apartPort, dataDir, "moto_server-apart");
        gate = DynamoDbGate.start(URI.create("http://127.0.0.1:" + mainPort),
                URI.create("http://127.0.0.1:" + apartPort), Set.of(APART));
        throughGate = MotoClients.direct(gate.endpoint().getPort(), c -> { });
        mainDirect = MotoClients.direct(mainPort, c -> { });
        apartDirect = MotoClients.direct(apartPort, c -> { });
    }

    @AfterAll
    static void stop() {
        for (AutoCloseable closeable : new AutoCloseable[] {throughGate, mainDirect, apartDirect, gate, apartProcess,
                mainProcess}) {
            try {
                if (closeable != null) {
                    closeable.close();
                }
            } catch (Exception ignored) {
                // the test is over
            }
        }
    }

    private static void createTables() {
        for (String table : List.of(APART, MAIN)) {
            throughGate.dynamoDb().createTable(r -> r.tableName(table).billingMode(BillingMode.PAY_PER_REQUEST)
                    .attributeDefinitions(a -> a.attributeName("pk").attributeType(ScalarAttributeType.S))
                    .keySchema(k -> k.attributeName("pk").keyType(KeyType.HASH)));
        }
    }

    private static Map<String, AttributeValue> item(String key) {
        return Map.of("pk", AttributeValue.fromS(key), "v", AttributeValue.fromN("1"));
    }

    private static boolean holds(DynamoDbClient dynamoDb, String table, String key) {
        try {
            return dynamoDb.getItem(r -> r.tableName(table).key(Map.of("pk", AttributeValue.fromS(key)))).hasItem();
        } catch (DynamoDbException noSuchTable) {
            return false;
        }
    }

    private static void reset() throws Exception {
        var response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                gate.endpoint().resolve("/moto-api/reset")).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.discarding());
        assertThat(response.statusCode()).isEqualTo(200);
    }

    @Test
    void eachTableLivesInItsOwnProcessAndListTablesAndResetCoverBoth() throws Exception {
        reset();
        createTables();
        throughGate.dynamoDb().putItem(r -> r.tableName(APART).item(item("a")));
        throughGate.dynamoDb().batchWriteItem(r -> r.requestItems(Map.of(APART, List.of(WriteRequest.builder()
                .putRequest(p -> p.item(item("b"))).build()))));
        throughGate.dynamoDb().putItem(r -> r.tableName(MAIN).item(item("m")));

        assertThat(holds(apartDirect.dynamoDb(), APART, "a")).isTrue();
        assertThat(holds(apartDirect.dynamoDb(), APART, "b")).isTrue();
        assertThat(mainDirect.dynamoDb().listTables().tableNames()).containsExactly(MAIN);
        assertThat(apartDirect.dynamoDb().listTables().tableNames()).containsExactly(APART);
        assertThat(holds(throughGate.dynamoDb(), MAIN, "m")).isTrue();
        assertThat(throughGate.dynamoDb().query(r -> r.tableName(APART).keyConditionExpression("pk = :k")
                .expressionAttributeValues(Map.of(":k", AttributeValue.fromS("a")))).count()).isEqualTo(1);

        assertThat(throughGate.dynamoDb().listTables().tableNames()).containsExactly(APART, MAIN);
        var first = throughGate.dynamoDb().listTables(r -> r.limit(1));
        assertThat(first.tableNames()).containsExactly(APART);
        assertThat(first.lastEvaluatedTableName()).isEqualTo(APART);
        var second = throughGate.dynamoDb().listTables(r -> r.limit(1).exclusiveStartTableName(APART));
        assertThat(second.tableNames()).containsExactly(MAIN);
        assertThat(second.lastEvaluatedTableName()).isNull();

        reset();
        assertThat(throughGate.dynamoDb().listTables().tableNames()).isEmpty();
    }

    @Test
    void aTransactionNamingTablesOfBothProcessesIsRefusedAndWritesNothing() throws Exception {
        reset();
        createTables();

        assertThatThrownBy(() -> throughGate.dynamoDb().transactWriteItems(r -> r.transactItems(
                TransactWriteItem.builder().put(p -> p.tableName(APART).item(item("t1"))).build(),
                TransactWriteItem.builder().put(p -> p.tableName(MAIN).item(item("t2"))).build())))
                .isInstanceOfSatisfying(DynamoDbException.class, e -> {
                    assertThat(e.statusCode()).isEqualTo(400);
                    assertThat(e.awsErrorDetails().errorCode()).isEqualTo("ValidationException");
                    assertThat(e.getMessage()).contains("different moto processes");
                });
        assertThat(holds(throughGate.dynamoDb(), APART, "t1")).isFalse();
        assertThat(holds(throughGate.dynamoDb(), MAIN, "t2")).isFalse();
    }
}
