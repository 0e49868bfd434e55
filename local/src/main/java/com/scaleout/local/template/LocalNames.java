package com.scaleout.local.template;

import com.scaleout.functions.shared.config.RuntimeEnvironment;
import java.net.URI;
import java.util.Locale;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * What the template's resources are called locally: the region and account the local ARNs carry, the local
 * redis-server that stands for the stack's cache, and the local name of a bucket (tables and functions keep their
 * declared names). {@link StackTemplate} resolves every intrinsic to these names.
 *
 * @param bucketName from a bucket's construct id (its declared name) to its local physical name
 */
public record LocalNames(String region, String accountId, String redisHost, int redisPort,
                         UnaryOperator<String> bucketName) {

    /** moto_server's default account: the one its ARNs carry. */
    public static final String MOTO_ACCOUNT_ID = "123456789012";

    /** The names of a local stack (moto's account, this region) whose cache is the redis-server at {@code redisUrl}. */
    public static LocalNames ofLocalStack(String redisUrl) {
        URI redis = URI.create(redisUrl);
        return new LocalNames(RuntimeEnvironment.region(), MOTO_ACCOUNT_ID, redis.getHost(), redis.getPort(),
                LocalNames::bucket);
    }

    /** Locally a bucket's physical name is {@code scaleout-} and its declared name in kebab case. */
    public static String bucket(String declaredName) {
        return "scaleout-" + declaredName.replaceAll("([a-z0-9])([A-Z])", "$1-$2").toLowerCase(Locale.ROOT);
    }

    public LocalNames {
        Objects.requireNonNull(region, "region");
        Objects.requireNonNull(accountId, "accountId");
        Objects.requireNonNull(redisHost, "redisHost");
        Objects.requireNonNull(bucketName, "bucketName");
    }

    public String tableArn(String table) {
        return "arn:aws:dynamodb:" + region + ":" + accountId + ":table/" + table;
    }

    public String functionArn(String function) {
        return "arn:aws:lambda:" + region + ":" + accountId + ":function:" + function;
    }

    /** An ARN of a regional service whose resources are named {@code <kind><separator><name>}. */
    String arn(String service, String resource) {
        return "arn:aws:" + service + ":" + region + ":" + accountId + ":" + resource;
    }
}
