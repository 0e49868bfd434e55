package com.scaleout.local.template;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;
import java.util.OptionalInt;

/**
 * One AWS::Lambda::Function of the synthesized template, resolved to local names.
 *
 * @param name             its declared name (the construct id under Functions/)
 * @param logicalId        its logical id in the template
 * @param environment      its variables, every intrinsic resolved to a plain string naming the local resource
 * @param policyDocuments  its execution role's policy documents (attached AWS::IAM::Policy and ManagedPolicy
 *                         resources, the role's inline policies), resolved likewise
 * @param snapStart        whether SnapStart applies to its published versions
 */
public record FunctionTemplate(String name, String logicalId, int memoryMb, int timeoutSeconds,
                               OptionalInt reservedConcurrency, Map<String, String> environment,
                               List<JsonNode> policyDocuments, boolean snapStart) {
    public FunctionTemplate {
        environment = Map.copyOf(environment);
        policyDocuments = List.copyOf(policyDocuments);
    }
}
