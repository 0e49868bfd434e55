package com.scaleout.local.template;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;

/**
 * An execution role's policies in the template: the AWS::IAM::Policy and AWS::IAM::ManagedPolicy resources whose
 * {@code Roles} name it, the managed policies of the template in its {@code ManagedPolicyArns}, and its inline
 * {@code Policies}; AWS's own managed policies apart, by ARN.
 */
final class RolePolicies {
    private final JsonNode resources;
    private final ResourceNames names;
    private final Intrinsics intrinsics;

    RolePolicies(JsonNode resources, ResourceNames names, Intrinsics intrinsics) {
        this.resources = resources;
        this.names = names;
        this.intrinsics = intrinsics;
    }

    /** Every policy document the role has, resolved to local ARNs. */
    List<JsonNode> documents(String role) {
        var documents = new ArrayList<JsonNode>();
        var attachedInTemplate = new ArrayList<String>();
        resources.properties().forEach(entry -> {
            String type = entry.getValue().path("Type").asText();
            JsonNode properties = entry.getValue().path("Properties");
            boolean policy = type.equals("AWS::IAM::Policy") || type.equals("AWS::IAM::ManagedPolicy");
            if (policy && refersTo(properties.path("Roles"), role)) {
                documents.add(intrinsics.resolve(properties.path("PolicyDocument")));
                attachedInTemplate.add(entry.getKey());
            }
        });
        JsonNode roleProperties = names.resource(role).path("Properties");
        for (JsonNode arn : roleProperties.path("ManagedPolicyArns")) {
            String managedPolicy = arn.path("Ref").asText("");
            if (!managedPolicy.isEmpty() && !attachedInTemplate.contains(managedPolicy)
                    && "AWS::IAM::ManagedPolicy".equals(names.type(managedPolicy))) {
                documents.add(intrinsics.resolve(names.resource(managedPolicy).path("Properties")
                        .path("PolicyDocument")));
            }
        }
        roleProperties.path("Policies").forEach(inline ->
                documents.add(intrinsics.resolve(inline.path("PolicyDocument"))));
        return documents;
    }

    /** The ARNs of AWS's managed policies attached to the role (not the template's own). */
    List<String> awsManagedPolicyArns(String role) {
        var arns = new ArrayList<String>();
        for (JsonNode arn : names.resource(role).path("Properties").path("ManagedPolicyArns")) {
            String reference = arn.path("Ref").asText("");
            if (reference.isEmpty() || !resources.has(reference)) {
                arns.add(intrinsics.string(arn, role + "'s managed policy ARN"));
            }
        }
        return List.copyOf(arns);
    }

    private static boolean refersTo(JsonNode roles, String role) {
        for (JsonNode reference : roles) {
            if (role.equals(reference.path("Ref").asText())) {
                return true;
            }
        }
        return false;
    }
}
