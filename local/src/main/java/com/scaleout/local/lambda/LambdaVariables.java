package com.scaleout.local.lambda;

import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.Settings;
import java.security.SecureRandom;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The variables Lambda's Java 21 runtime reserves and sets in every execution environment, on top of the template's:
 * region, the function's name, memory, version and log destination, handler, task root, time zone, and its
 * credentials. With SnapStart the runtime gives no keys but the container credentials endpoint and its token (keys
 * in a snapshot would outlive their expiry); without, the execution role's keys.
 */
public final class LambdaVariables {
    /** Every function is invoked through its {@code live} alias, i.e. a published version; locally there is one. */
    static final String VERSION = "1";
    private static final SecureRandom RANDOM = new SecureRandom();

    private LambdaVariables() {
    }

    /** A new map for one environment (its log stream is its own). */
    public static Map<String, String> reserved(FunctionSpec spec, boolean snapStart, String region,
                                               ContainerCredentialsEndpoint credentials) {
        var variables = new LinkedHashMap<String, String>();
        variables.put(Settings.AWS_REGION.name(), region);
        variables.put("AWS_DEFAULT_REGION", region);
        variables.put("AWS_LAMBDA_FUNCTION_NAME", spec.name());
        variables.put("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", Integer.toString(spec.memoryMb()));
        variables.put("AWS_LAMBDA_FUNCTION_VERSION", VERSION);
        variables.put("AWS_LAMBDA_INITIALIZATION_TYPE", snapStart ? "snap-start" : "on-demand");
        variables.put("AWS_LAMBDA_LOG_GROUP_NAME", "/aws/lambda/" + spec.name());
        variables.put("AWS_LAMBDA_LOG_STREAM_NAME", logStream());
        variables.put("AWS_EXECUTION_ENV", "AWS_Lambda_java21");
        variables.put("_HANDLER", spec.handler());
        variables.put("LAMBDA_TASK_ROOT", "/var/task");
        variables.put("TZ", ":UTC");
        if (snapStart) {
            variables.put(Settings.AWS_CONTAINER_CREDENTIALS_FULL_URI.name(), credentials.uri().toString());
            variables.put(Settings.AWS_CONTAINER_AUTHORIZATION_TOKEN.name(), credentials.authorizationToken());
        } else {
            variables.put(Settings.AWS_ACCESS_KEY_ID.name(), credentials.accessKeyId());
            variables.put(Settings.AWS_SECRET_ACCESS_KEY.name(), credentials.secretAccessKey());
            variables.put(Settings.AWS_SESSION_TOKEN.name(), credentials.sessionToken());
        }
        return variables;
    }

    /** Lambda's shape: {@code 2026/12/03/[1]} and 32 hex digits naming the environment. */
    private static String logStream() {
        byte[] id = new byte[16];
        RANDOM.nextBytes(id);
        return LocalDate.now(ZoneOffset.UTC).toString().replace('-', '/') + "/[" + VERSION + "]"
                + HexFormat.of().formatHex(id);
    }
}
