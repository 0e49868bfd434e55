package com.scaleout.local.imports;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
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

    private final String baseUrl;
    private final DynamoDbClient dynamoDb;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2))
            .version(HttpClient.Version.HTTP_1_1).build();

    /**
     * @param dynamoDbEndpoint the endpoint the runtime's functions use. The tests read it with a client of their own:
     *     a scan of moto's table after a few thousand writes can take longer than the functions' 4 s call timeout.
     */
    ImportRoutesClient(String baseUrl, URI dynamoDbEndpoint) {
        this.baseUrl = baseUrl;
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
        var builder = HttpRequest.newBuilder(URI.create(baseUrl + pathAndQuery)).timeout(Duration.ofSeconds(60))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofByteArray(body));
        headers.forEach(builder::header);
        HttpRequest request = builder.build();
        for (int attempt = 1; ; attempt++) {
            HttpResponse<String> response;
            try {
                response = http.send(request, HttpResponse.BodyHandlers.ofString());
            } catch (IOException e) {
                throw new IllegalStateException(method + " " + pathAndQuery + " failed", e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
            if ((response.statusCode() == 429 || response.statusCode() == 503) && attempt < 100) {
                sleep(20L * Math.min(attempt, 10));
                continue;
            }
            OpenApiConformance.contract().check(request, response);
            String text = response.body();
            JsonNode parsed = null;
            if (text != null && !text.isEmpty()) {
                try {
                    parsed = EXACT.readTree(text);
                } catch (IOException notJson) {
                    parsed = null;
                }
            }
            return new Reply(response.statusCode(), text, parsed);
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static Map<String, String> headers(String token, String contentType) {
        var headers = new LinkedHashMap<String, String>();
        if (token != null) {
            headers.put("authorization", "Bearer " + token);
        }
        if (contentType != null) {
            headers.put("content-type", contentType);
        }
        return headers;
    }

    /** A Stitch route ({@code push}, {@code validate}, {@code batch}) with a body of this content type. */
    Reply stitch(String route, String token, String contentType, byte[] body) {
        return send("POST", "/v2/import/" + route, headers(token, contentType), body);
    }

    Reply push(String token, String json) {
        return stitch("push", token, "application/json", json.getBytes(StandardCharsets.UTF_8));
    }

    Reply validate(String token, String json) {
        return stitch("validate", token, "application/json", json.getBytes(StandardCharsets.UTF_8));
    }

    Reply batch(String token, String json) {
        return stitch("batch", token, "application/json", json.getBytes(StandardCharsets.UTF_8));
    }

    /** RJMetrics' data route with the key as {@code ?apikey=}, as its clients send it. */
    Reply rjMetricsData(long pathClientId, String table, String apiKey, String json) {
        return send("POST", "/v2/client/" + pathClientId + "/table/" + table + "/data?apikey=" + apiKey,
                headers(null, "application/json"), json.getBytes(StandardCharsets.UTF_8));
    }

    Reply rjMetricsDataWithBearer(long pathClientId, String table, String token, String json) {
        return send("POST", "/v2/client/" + pathClientId + "/table/" + table + "/data",
                headers(token, "application/json"), json.getBytes(StandardCharsets.UTF_8));
    }

    Reply rjMetricsAuthenticate(long pathClientId, String apiKey) {
        return send("GET", "/v2/client/" + pathClientId + "/authenticate"
                + (apiKey == null ? "" : "?apikey=" + apiKey), Map.of(), null);
    }

    Reply createKeyAs(String adminKey, String json) {
        var headers = headers(null, "application/json");
        if (adminKey != null) {
            headers.put("x-admin-key", adminKey);
        }
        return send("POST", "/admin/import-keys", headers, json.getBytes(StandardCharsets.UTF_8));
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
        return send("DELETE", "/admin/import-keys/" + keyId,
                adminKey == null ? Map.of() : Map.of("x-admin-key", adminKey), null);
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
