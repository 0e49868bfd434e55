package com.scaleout.functions.api;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/** docs/openapi.yaml documents exactly the declared routes, with security exactly where a credential is needed. */
class OpenApiDocumentTest {
    private static final Set<String> METHODS = Set.of("get", "put", "post", "delete", "patch", "head", "options");

    private static JsonNode document() throws Exception {
        return new ObjectMapper(new YAMLFactory()).readTree(Files.readString(Path.of("..", "docs", "openapi.yaml")));
    }

    /** Route key → whether the operation requires the bearer scheme. */
    private static Map<String, Boolean> operations(JsonNode document) {
        var operations = new HashMap<String, Boolean>();
        document.get("paths").fields().forEachRemaining(path -> path.getValue().fields().forEachRemaining(op -> {
            if (METHODS.contains(op.getKey())) {
                JsonNode security = op.getValue().get("security");
                boolean secured = security != null && !security.isEmpty();
                operations.put(op.getKey().toUpperCase(Locale.ROOT) + " " + path.getKey(), secured);
            }
        }));
        return operations;
    }

    @Test
    void documentsExactlyTheDeclaredRoutesAndTheirAuthorization() throws Exception {
        Map<String, Boolean> documented = operations(document());
        Map<String, Boolean> declared = ScaleoutDeclaration.declaration().routes().stream()
                .collect(Collectors.toMap(RouteSpec::routeKey, RouteSpec::isProtected));

        assertThat(documented).isEqualTo(declared);
    }

    @Test
    void everyOperationHasAUniqueIdAndEveryReferenceResolves() throws Exception {
        JsonNode document = document();
        var ids = new HashMap<String, Integer>();
        document.get("paths").forEach(path -> path.fields().forEachRemaining(op -> {
            if (METHODS.contains(op.getKey())) {
                ids.merge(op.getValue().get("operationId").asText(), 1, Integer::sum);
            }
        }));
        assertThat(ids.values()).allMatch(count -> count == 1);

        var references = new java.util.ArrayList<String>();
        collectReferences(document, references);
        for (String reference : references) {
            assertThat(reference).startsWith("#/");
            assertThat(document.at(reference.substring(1)).isMissingNode()).as(reference).isFalse();
        }
    }

    private static void collectReferences(JsonNode node, java.util.List<String> references) {
        if (node.isObject()) {
            node.fields().forEachRemaining(field -> {
                if (field.getKey().equals("$ref")) {
                    references.add(field.getValue().asText());
                } else {
                    collectReferences(field.getValue(), references);
                }
            });
        } else if (node.isArray()) {
            node.forEach(child -> collectReferences(child, references));
        }
    }
}
