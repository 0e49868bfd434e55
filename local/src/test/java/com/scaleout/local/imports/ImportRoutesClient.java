package com.scaleout.local.imports;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.scaleout.client.ApiRequest;
import com.scaleout.client.ApiResponse;
import com.scaleout.client.BusyResend;
import com.scaleout.client.ImportApi;
import com.scaleout.client.ScaleoutClient;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ThreadLocalRandom;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.local.testing.OpenApiConformance;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.http.urlconnection.UrlConnectionHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The import API as its clients use it through the local runtime (Stitch-shaped pushes, RJMetrics-shaped points,
 * the admin key routes), and what ended up in the ImportRecords table, read directly from moto.
 */
final class ImportRoutesClient implements AutoCloseable {
    /** failsafe's SCALEOUT_ADMIN_KEY (local/pom.xml). */
    static final String ADMIN_KEY = "it-admin-key";
    static final String RECORDS_TABLE = "ImportRecords";
    /** Bodies compared as stored: decimals exact, so 149.90 is not 149.9. */
    static final JsonMapper EXACT = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .nodeFactory(JsonNodeFactory.withExactBigDecimals(true))
            .build();

    /** A 429 or 503 is sent again up to 100 times in all, after 20 ms more each time up to 200 ms. */
    private static final BusyResend BUSY = new BusyResend(answer -> answer.status() == 429 || answer.status() == 503,
            100, attempt -> Duration.ofMillis(20L * Math.min(attempt, 10)));

    private final ScaleoutClient client;
    private final ImportApi imports;
    private final DynamoDbClient dynamoDb;

    /**
     * @param dynamoDbEndpoint the endpoint the runtime's functions use. The tests read it with a client of their own:
     *     a scan of moto's table after a few thousand writes can take longer than the functions' 4 s call timeout.
     */
    ImportRoutesClient(String baseUrl, URI dynamoDbEndpoint) {
        this.client = ScaleoutClient.to(baseUrl).connectTimeout(Duration.ofSeconds(2)).timeout(Duration.ofSeconds(60))
                .version(HttpClient.Version.HTTP_1_1).resend(BUSY)
                .onAnswer(answer -> OpenApiConformance.contract().check(answer)).build();
        this.imports = client.imports();
        this.dynamoDb = DynamoDbClient.builder()
                .endpointOverride(dynamoDbEndpoint)
                .region(Region.of(RuntimeEnvironment.region()))
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create("local", "local")))
                .httpClient(UrlConnectionHttpClient.builder().socketTimeout(Duration.ofSeconds(60)).build())
                .overrideConfiguration(config -> config.apiCallTimeout(Duration.ofSeconds(120)))
                .build();
    }

    /** A response, with its body parsed when it is JSON. */
    record Reply(int status, String body, JsonNode json) {
        String text(String field) {
            return json.get(field).asText();
        }
    }

    /** A key as {@code POST /admin/import-keys} answers it. */
    record Key(String keyId, String token, long clientId) {
    }

    /** A stored record: the ImportRecords item's attributes. */
    record Stored(String recordId, long clientId, String tableName, long sequence, JsonNode key, JsonNode data) {
    }

    /**
     * A client id no other test uses, so that tests sharing the table do not see each other's records; within
     * an int, as Stitch's Java client sends {@code client_id}.
     */
    static long newClientId() {
        return ThreadLocalRandom.current().nextInt(1_000_000, Integer.MAX_VALUE);
    }

    static JsonNode json(String text) {
        try {
            return EXACT.readTree(text);
        } catch (IOException e) {
            throw new IllegalArgumentException(text, e);
        }
    }

    /**
     * Sends a request; a 429 (the function's concurrency is taken) or a 503 (the store was busy) is retried, as the
     * import API's clients are expected to. The answer is checked against the contract.
     */
    Reply send(String method, String pathAndQuery, Map<String, String> headers, byte[] body) {
        return reply(() -> client.send(method, pathAndQuery, headers, body));
    }

    /** One call of the API client, for {@link #reply}. */
    @FunctionalInterface
    private interface Call {
        ApiResponse send() throws IOException, InterruptedException;
    }

    private static Reply reply(Call call) {
        ApiResponse answer;
        try {
            answer = call.send();
        } catch (IOException e) {
            throw new IllegalStateException("a call to the import API failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        String text = answer.body();
        JsonNode parsed = null;
        if (text != null && !text.isEmpty()) {
            try {
                parsed = EXACT.readTree(text);
            } catch (IOException notJson) {
                parsed = null;
            }
        }
        return new Reply(answer.status(), text, parsed);
    }

    /** A Stitch route ({@code push}, {@code validate}, {@code batch}) with a body of this content type. */
    Reply stitch(String route, String token, String contentType, byte[] body) {
        return reply(() -> imports.stitch(route, token, contentType, body));
    }

    Reply push(String token, String json) {
        return reply(() -> imports.push(token, json));
    }

    Reply validate(String token, String json) {
        return reply(() -> imports.validate(token, json));
    }

    Reply batch(String token, String json) {
        return reply(() -> imports.batch(token, json));
    }

    /** RJMetrics' data route with the key as {@code ?apikey=}, as its clients send it. */
    Reply rjMetricsData(long pathClientId, String table, String apiKey, String json) {
        return reply(() -> imports.rjMetricsData(pathClientId, table, apiKey, json));
    }

    Reply rjMetricsDataWithBearer(long pathClientId, String table, String token, String json) {
        return reply(() -> imports.rjMetricsDataWithBearer(pathClientId, table, token, json));
    }

    Reply rjMetricsAuthenticate(long pathClientId, String apiKey) {
        return reply(() -> imports.rjMetricsAuthenticate(pathClientId, apiKey));
    }

    Reply createKeyAs(String adminKey, String json) {
        var request = ApiRequest.of("POST", "/admin/import-keys").json(json);
        return reply(() -> client.send(adminKey == null ? request : request.header("x-admin-key", adminKey)));
    }

    Key createKey(long clientId) {
        var reply = createKeyAs(ADMIN_KEY, "{\"clientId\": " + clientId + ", \"name\": \"x\"}");
        if (reply.status() != 201) {
            throw new IllegalStateException("creating a key of " + clientId + ": " + reply.status() + " "
                    + reply.body());
        }
        return new Key(reply.text("keyId"), reply.text("token"), reply.json().get("clientId").asLong());
    }

    Reply revokeAs(String adminKey, String keyId) {
        var request = ApiRequest.of("DELETE", "/admin/import-keys/" + keyId);
        return reply(() -> client.send(adminKey == null ? request : request.header("x-admin-key", adminKey)));
    }

    /** Every record stored for the client, by table name and then sequence. */
    List<Stored> stored(long clientId) {
        var items = new ArrayList<Stored>();
        dynamoDb.scanPaginator(scan -> scan.tableName(RECORDS_TABLE).consistentRead(true)
                        .filterExpression("clientId = :client")
                        .expressionAttributeValues(Map.of(":client", AttributeValue.fromN(Long.toString(clientId)))))
                .items().forEach(item -> items.add(new Stored(
                        item.get("recordId").s(),
                        Long.parseLong(item.get("clientId").n()),
                        item.get("tableName").s(),
                        Long.parseLong(item.get("sequence").n()),
                        json(item.get("keyJson").s()),
                        json(item.get("dataJson").s()))));
        items.sort(Comparator.comparing(Stored::tableName).thenComparingLong(Stored::sequence));
        return items;
    }

    @Override
    public void close() {
        dynamoDb.close();
    }
}
