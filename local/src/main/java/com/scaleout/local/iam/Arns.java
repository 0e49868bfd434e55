package com.scaleout.local.iam;

/** The ARNs of the local resources, in one region of the local account (moto's default account id). */
record Arns(String region) {
    /** moto's default account, which the template's ARNs are resolved with too. */
    static final String ACCOUNT = "123456789012";

    String table(String name) {
        return "arn:aws:dynamodb:" + region + ":" + ACCOUNT + ":table/" + name;
    }

    /** An API Gateway resource: {@code <api-id>/<stage>/<method>/<path>}. */
    String executeApi(String resource) {
        return "arn:aws:execute-api:" + region + ":" + ACCOUNT + ":" + resource;
    }

    static String bucket(String bucket) {
        return "arn:aws:s3:::" + bucket;
    }

    static String object(String bucket, String key) {
        return bucket(bucket) + "/" + key;
    }

    /** The account's Glue Data Catalog, which every catalog call names besides its database and table. */
    String glueCatalog() {
        return "arn:aws:glue:" + region + ":" + ACCOUNT + ":catalog";
    }

    String glueDatabase(String database) {
        return "arn:aws:glue:" + region + ":" + ACCOUNT + ":database/" + database;
    }

    String glueTable(String database, String table) {
        return "arn:aws:glue:" + region + ":" + ACCOUNT + ":table/" + database + "/" + table;
    }

    /** A secret given by ARN is that ARN; given by name, the ARN it has (without the random suffix AWS adds). */
    String secret(String secretId) {
        return secretId.startsWith("arn:") ? secretId
                : "arn:aws:secretsmanager:" + region + ":" + ACCOUNT + ":secret:" + secretId;
    }

    /** A function's execution role (CDK names it after the function's construct: {@code <function>ServiceRole...}). */
    static String role(String function) {
        return "arn:aws:iam::" + ACCOUNT + ":role/" + roleName(function);
    }

    /** The session a function's calls are made in: its execution role, assumed by Lambda for the function. */
    static String assumedRole(String function) {
        return "arn:aws:sts::" + ACCOUNT + ":assumed-role/" + roleName(function) + "/" + function;
    }

    private static String roleName(String function) {
        return function + "ServiceRole";
    }
}
