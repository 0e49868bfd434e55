package com.scaleout.local.template;

import com.scaleout.declaration.Declaration;
import com.scaleout.declaration.Setting;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.local.websocket.LiveGateway;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The one place where a function's local environment differs from the template's: the variables the template
 * cannot know (emulator endpoints), the ones whose value must name a local process instead of AWS's (the cache),
 * and the local tunings. Every other variable is exactly the template's, resolved to local names.
 *
 * @param endpoint moto_server's endpoint, which serves DynamoDB, S3, CloudWatch and Glue
 * @param redisUrl the local redis-server
 * @param importWriters import writes per request locally (moto_server takes writes one at a time)
 * @param apiUrl the local gateway's URL ({@code http://127.0.0.1:PORT}), whose WebSocket APIs' management
 *               endpoints the pushers post to
 */
public record LocalSubstitutions(String endpoint, String redisUrl, String importWriters, String apiUrl) {

    /** Added to every function: the template has AWS's endpoints by omission. */
    public static final List<Setting> ENDPOINTS =
            List.of(Settings.DYNAMODB_ENDPOINT, Settings.S3_ENDPOINT, Settings.CLOUDWATCH_ENDPOINT,
                    Settings.GLUE_ENDPOINT);
    /**
     * Replaced where the template sets them: its cache is an ElastiCache Serverless cluster over TLS, locally it
     * is one plain redis-server.
     */
    public static final List<Setting> CACHE = List.of(Settings.REDIS_URL, Settings.REDIS_CLUSTER);
    /**
     * Added to the functions that read them. IMPORT_WRITE_CONCURRENCY: moto_server takes writes one at a time, so
     * 32 writers per import request would only queue past their timeouts. SCALEOUT_ADMIN_KEY: in AWS the admin
     * functions read their key from Secrets Manager ({@link #AWS_ONLY}); locally the key itself is given, when one is.
     */
    public static final List<Setting> LOCAL_ONLY = List.of(Settings.IMPORT_WRITE_CONCURRENCY, Settings.ADMIN_KEY);
    /**
     * Removed where the template sets them. SCALEOUT_ADMIN_KEY_SECRET_ARN: the dev template has the admin routes, so
     * their key's secret too, which no local process serves; without a local key the routes answer 404, as on a
     * stage without them.
     */
    public static final List<Setting> AWS_ONLY = List.of(Settings.ADMIN_KEY_SECRET_ARN);

    /** Import writes per request locally, unless IMPORT_WRITE_CONCURRENCY is given. */
    public static final String LOCAL_IMPORT_WRITERS = "4";

    public static LocalSubstitutions of(String endpoint, String redisUrl, String apiUrl) {
        return new LocalSubstitutions(endpoint, redisUrl,
                RuntimeEnvironment.given(Settings.IMPORT_WRITE_CONCURRENCY).orElse(LOCAL_IMPORT_WRITERS), apiUrl);
    }

    /** Every variable substituted or added locally. */
    public static List<Setting> all() {
        return java.util.stream.Stream.of(ENDPOINTS, CACHE, LOCAL_ONLY).flatMap(List::stream).toList();
    }

    /**
     * The management endpoint of the WebSocket API {@code function} pushes to, as the local gateway serves it
     * ({@code http://127.0.0.1:PORT/live}); none when it pushes to none.
     */
    public static java.util.Optional<String> liveEndpoint(String apiUrl, String function, Declaration declaration) {
        return declaration.webSocketApis().stream().filter(api -> api.pushers().contains(function)).findFirst()
                .map(api -> apiUrl + "/" + LiveGateway.apiId(api.name()));
    }

    /** The function's local environment: the template's variables with the substitutions above. */
    public Map<String, String> applyTo(String function, Map<String, String> templateVariables,
                                       Declaration declaration) {
        var variables = new LinkedHashMap<>(templateVariables);
        AWS_ONLY.forEach(setting -> variables.remove(setting.name()));
        ENDPOINTS.forEach(setting -> variables.put(setting.name(), endpoint));
        if (variables.containsKey(Settings.REDIS_URL.name())) {
            variables.put(Settings.REDIS_URL.name(), redisUrl);
            variables.put(Settings.REDIS_CLUSTER.name(), "false");
        }
        // the template's management endpoint is API Gateway's (https://{api-id}.execute-api...), locally the
        // gateway's own path on its port; the template must set it (a pusher without it fails as in AWS)
        if (variables.containsKey(Settings.LIVE_ENDPOINT.name())) {
            liveEndpoint(apiUrl, function, declaration)
                    .ifPresent(url -> variables.put(Settings.LIVE_ENDPOINT.name(), url));
        }
        List<Setting> reads = declaration.settingsOf(function);
        if (reads.contains(Settings.IMPORT_WRITE_CONCURRENCY)) {
            variables.put(Settings.IMPORT_WRITE_CONCURRENCY.name(), importWriters);
        }
        if (reads.contains(Settings.ADMIN_KEY)) {
            RuntimeEnvironment.variable(Settings.ADMIN_KEY).ifPresent(key -> variables.put(Settings.ADMIN_KEY.name(), key));
        }
        return variables;
    }
}
