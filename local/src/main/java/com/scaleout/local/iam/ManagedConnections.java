package com.scaleout.local.iam;

import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The WebSocket APIs' management API as IAM authorizes it: PostToConnection, GetConnection and DeleteConnection are
 * {@code execute-api:ManageConnections} on
 * {@code arn:aws:execute-api:<region>:<account>:<api-id>/<stage>/<POST|GET|DELETE>/@connections/<connection-id>}.
 * The API and stage come from the client's endpoint: AWS's ({@code https://<api-id>.execute-api.<region>.amazonaws.com/<stage>})
 * or the local gateway's ({@code http://127.0.0.1:PORT/<path>}), whose API and stage the runtime registers from the
 * template.
 */
public final class ManagedConnections {
    private static final String ACTION = "execute-api:ManageConnections";
    private static final Map<String, String> METHODS = Map.of("PostToConnection", "POST", "GetConnection", "GET",
            "DeleteConnection", "DELETE");
    /** Local path ({@code live}) to the template's API id and stage. */
    private static final Map<String, Stage> LOCAL = new ConcurrentHashMap<>();

    private record Stage(String apiId, String stage) {
    }

    private ManagedConnections() {
    }

    /** The local gateway serves the template's API {@code apiId}, stage {@code stage}, at {@code /path}. */
    public static void register(String path, String apiId, String stage) {
        LOCAL.put(path, new Stage(apiId, stage));
    }

    public static void clear() {
        LOCAL.clear();
    }

    static Optional<List<AwsCall>> of(software.amazon.awssdk.core.SdkRequest request, String operationName,
                                      Arns arns, URI endpoint) {
        String method = METHODS.get(operationName);
        Optional<String> connectionId = request.getValueForField("ConnectionId", String.class);
        if (method == null || connectionId.isEmpty() || endpoint == null) {
            return Optional.empty();
        }
        Stage stage = stageOf(endpoint);
        return Optional.of(List.of(new AwsCall(ACTION, arns.executeApi(stage.apiId() + "/" + stage.stage() + "/"
                + method + "/@connections/" + connectionId.get()))));
    }

    private static Stage stageOf(URI endpoint) {
        String host = endpoint.getHost() == null ? "" : endpoint.getHost();
        String path = endpoint.getPath() == null ? "" : endpoint.getPath().replaceAll("^/+|/+$", "");
        String first = path.split("/", 2)[0];
        if (host.contains(".execute-api.")) {
            return new Stage(host.substring(0, host.indexOf('.')), first);
        }
        return LOCAL.getOrDefault(first, new Stage(first, "$default"));
    }
}
