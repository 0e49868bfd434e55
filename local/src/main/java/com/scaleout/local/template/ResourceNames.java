package com.scaleout.local.template;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.regex.Pattern;

/**
 * What {@code Ref} and {@code Fn::GetAtt} of a template's resource are locally. A resource is known by its CDK
 * construct id (from {@code Metadata."aws:cdk:path"}), which for tables, buckets and functions is the declared
 * name; logical ids are CDK's hashes and are never guessed at.
 */
final class ResourceNames {
    private static final Pattern CONSTRUCT_ID = Pattern.compile("([^/]+)(/Resource)?$");

    private final JsonNode resources;
    private final LocalNames names;

    ResourceNames(JsonNode resources, LocalNames names) {
        this.resources = resources;
        this.names = names;
    }

    /** The resource, or an error naming the logical id. */
    JsonNode resource(String logicalId) {
        JsonNode resource = resources.get(logicalId);
        if (resource == null) {
            throw new UnresolvableTemplateException("no resource " + logicalId + " in the template");
        }
        return resource;
    }

    String type(String logicalId) {
        return resource(logicalId).path("Type").asText();
    }

    /** The construct's path in the CDK app, e.g. {@code Scaleout-dev/Data/Tweets/Resource}. */
    static String constructPath(JsonNode resource) {
        return resource.path("Metadata").path("aws:cdk:path").asText("");
    }

    /** The construct's own id: the last part of its path, or the one before a trailing {@code Resource}. */
    String constructId(String logicalId) {
        var matcher = CONSTRUCT_ID.matcher(constructPath(resource(logicalId)));
        if (!matcher.find()) {
            throw new UnresolvableTemplateException(logicalId + " has no aws:cdk:path metadata: its local name "
                    + "cannot be known (synthesize with path metadata on, CDK's default)");
        }
        return matcher.group(1);
    }

    /** {@code Ref} of the resource: what CloudFormation returns for it, named locally. */
    String ref(String logicalId) {
        String type = type(logicalId);
        String id = constructId(logicalId);
        return switch (type) {
            case "AWS::DynamoDB::Table", "AWS::Lambda::Function", "AWS::IAM::Role", "AWS::Logs::LogGroup" -> id;
            case "AWS::S3::Bucket" -> names.bucketName().apply(id);
            case "AWS::Lambda::Alias" -> aliasArn(logicalId);
            case "AWS::IAM::ManagedPolicy" -> "arn:aws:iam::" + names.accountId() + ":policy/" + id;
            case "AWS::SecretsManager::Secret" -> names.arn("secretsmanager", "secret:" + id);
            case "AWS::SQS::Queue" -> "https://sqs." + names.region() + ".amazonaws.com/" + names.accountId() + "/" + id;
            case "AWS::ApiGatewayV2::Api" -> apiId(logicalId);
            case "AWS::ApiGatewayV2::Stage" -> resource(logicalId).path("Properties").path("StageName").asText();
            default -> throw new UnresolvableTemplateException("Ref of " + logicalId + " (" + type
                    + "): no local name for this resource type");
        };
    }

    /** {@code Fn::GetAtt} of the resource's attribute, named locally. */
    String getAtt(String logicalId, String attribute) {
        String type = type(logicalId);
        String id = constructId(logicalId);
        String value = switch (type + "." + attribute) {
            case "AWS::DynamoDB::Table.Arn" -> names.tableArn(id);
            case "AWS::DynamoDB::Table.StreamArn" -> names.tableArn(id) + "/stream/*";
            case "AWS::S3::Bucket.Arn" -> "arn:aws:s3:::" + names.bucketName().apply(id);
            case "AWS::Lambda::Function.Arn" -> names.functionArn(id);
            case "AWS::IAM::Role.Arn" -> "arn:aws:iam::" + names.accountId() + ":role/" + id;
            case "AWS::SQS::Queue.Arn" -> names.arn("sqs", id);
            case "AWS::Logs::LogGroup.Arn" -> names.arn("logs", "log-group:" + id + ":*");
            case "AWS::ApiGatewayV2::Api.ApiId" -> apiId(logicalId);
            case "AWS::ApiGatewayV2::Api.ApiEndpoint" -> "wss://" + apiId(logicalId) + ".execute-api." + names.region()
                    + ".amazonaws.com";
            case "AWS::ElastiCache::ServerlessCache.Endpoint.Address" -> names.redisHost();
            case "AWS::ElastiCache::ServerlessCache.Endpoint.Port" -> String.valueOf(names.redisPort());
            default -> null;
        };
        if (value == null) {
            throw new UnresolvableTemplateException("Fn::GetAtt " + logicalId + "." + attribute + " (" + type
                    + "): no local value for this attribute");
        }
        return value;
    }

    /**
     * An API's id locally: its construct id in lower case (the local gateway serves a WebSocket API at
     * {@code /<its declared name in lower case>}; {@link TemplateConfiguration} pairs the two).
     */
    String apiId(String logicalId) {
        return constructId(logicalId).toLowerCase(java.util.Locale.ROOT);
    }

    /** An alias's ARN: its function's, qualified by the alias name. */
    private String aliasArn(String logicalId) {
        JsonNode properties = resource(logicalId).path("Properties");
        String function = properties.path("FunctionName").path("Ref").asText("");
        if (function.isEmpty() || !"AWS::Lambda::Function".equals(type(function))) {
            throw new UnresolvableTemplateException("alias " + logicalId + ": FunctionName is not a Ref to a "
                    + "function of the template: " + properties.path("FunctionName"));
        }
        return names.functionArn(constructId(function)) + ":" + properties.path("Name").asText();
    }
}
