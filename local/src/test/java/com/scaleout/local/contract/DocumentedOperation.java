package com.scaleout.local.contract;

import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * One operation of docs/openapi.yaml as the property tests need it: where it is, its parameters, the media types
 * and schemas of its body, and the security schemes that admit a caller (any one of them).
 */
record DocumentedOperation(String operationId, String method, String path, List<Parameter> parameters,
                           Map<String, Schema<?>> bodies, boolean bodyRequired, Set<String> securitySchemes) {

    /** Every operation of the document, so that a new route is generated as soon as it is documented. */
    static List<DocumentedOperation> all(OpenAPI api) {
        var operations = new ArrayList<DocumentedOperation>();
        api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) -> {
            var parameters = new ArrayList<Parameter>();
            if (item.getParameters() != null) {
                parameters.addAll(item.getParameters());
            }
            if (operation.getParameters() != null) {
                parameters.addAll(operation.getParameters());
            }
            var bodies = new LinkedHashMap<String, Schema<?>>();
            boolean bodyRequired = false;
            if (operation.getRequestBody() != null && operation.getRequestBody().getContent() != null) {
                operation.getRequestBody().getContent().forEach((type, media) -> bodies.put(type, media.getSchema()));
                bodyRequired = Boolean.TRUE.equals(operation.getRequestBody().getRequired());
            }
            operations.add(new DocumentedOperation(operation.getOperationId(), method.name().toUpperCase(Locale.ROOT),
                    path, List.copyOf(parameters), bodies, bodyRequired, schemes(api, operation)));
        }));
        return operations;
    }

    private static Set<String> schemes(OpenAPI api, Operation operation) {
        List<SecurityRequirement> requirements = operation.getSecurity() != null ? operation.getSecurity()
                : api.getSecurity() == null ? List.of() : api.getSecurity();
        var schemes = new TreeSet<String>();
        requirements.forEach(requirement -> schemes.addAll(requirement.keySet()));
        return schemes;
    }

    List<Parameter> parametersIn(String location) {
        return parameters.stream().filter(parameter -> parameter.getIn().equals(location)).toList();
    }

    @Override
    public String toString() {
        return method + " " + path;
    }
}
