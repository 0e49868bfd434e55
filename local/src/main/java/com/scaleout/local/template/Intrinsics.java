package com.scaleout.local.template;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Resolves CloudFormation's intrinsic functions (Ref, Fn::GetAtt, Fn::Join, Fn::Sub, Fn::Select, Fn::Split) and
 * pseudo parameters in a piece of template to plain values naming the local resources. Anything else that looks
 * like an intrinsic (Fn::If, a pseudo parameter with no local meaning, a cross-stack reference {@link CloudAssembly}
 * could not replace by what it reads) is an error naming it.
 */
final class Intrinsics {
    private static final JsonNodeFactory JSON = JsonNodeFactory.instance;
    private static final Pattern SUB_VARIABLE = Pattern.compile("\\$\\{([^}]*)}");

    private final ResourceNames resources;
    private final LocalNames names;

    Intrinsics(ResourceNames resources, LocalNames names) {
        this.resources = resources;
        this.names = names;
    }

    /** The node with every intrinsic in it replaced by its local value. */
    JsonNode resolve(JsonNode node) {
        if (node.isArray()) {
            ArrayNode resolved = JSON.arrayNode();
            node.forEach(element -> resolved.add(resolve(element)));
            return resolved;
        }
        if (!node.isObject()) {
            return node;
        }
        if (node.size() == 1) {
            String key = node.fieldNames().next();
            if (key.equals("Ref") || key.startsWith("Fn::") || key.equals("Condition")) {
                return function(key, node.get(key));
            }
        }
        ObjectNode resolved = JSON.objectNode();
        node.properties().forEach(field -> resolved.set(field.getKey(), resolve(field.getValue())));
        return resolved;
    }

    /** The node resolved to one string; {@code where} names it in the error if it is not one. */
    String string(JsonNode node, String where) {
        JsonNode resolved = resolve(node);
        if (!resolved.isValueNode() || resolved.isNull()) {
            throw new UnresolvableTemplateException(where + " is not a string once resolved: " + resolved);
        }
        return resolved.asText();
    }

    private JsonNode function(String name, JsonNode argument) {
        return switch (name) {
            case "Ref" -> TextNode.valueOf(ref(argument.asText()));
            case "Fn::GetAtt" -> TextNode.valueOf(getAtt(argument));
            case "Fn::Join" -> TextNode.valueOf(join(argument));
            case "Fn::Sub" -> TextNode.valueOf(sub(argument));
            case "Fn::Select" -> select(argument);
            case "Fn::Split" -> split(argument);
            default -> throw new UnresolvableTemplateException(name + " is not resolved locally: " + argument);
        };
    }

    private String ref(String target) {
        return switch (target) {
            case "AWS::Region" -> names.region();
            case "AWS::AccountId" -> names.accountId();
            case "AWS::Partition" -> "aws";
            case "AWS::URLSuffix" -> "amazonaws.com";
            default -> {
                if (target.startsWith("AWS::")) {
                    throw new UnresolvableTemplateException("pseudo parameter " + target + " has no local value");
                }
                yield resources.ref(target);
            }
        };
    }

    private String getAtt(JsonNode argument) {
        if (argument.isTextual()) { // the short form "LogicalId.Attribute"
            String[] parts = argument.asText().split("\\.", 2);
            if (parts.length == 2) {
                return resources.getAtt(parts[0], parts[1]);
            }
        } else if (argument.isArray() && argument.size() == 2) {
            return resources.getAtt(argument.get(0).asText(), string(argument.get(1), "Fn::GetAtt attribute"));
        }
        throw new UnresolvableTemplateException("malformed Fn::GetAtt: " + argument);
    }

    private String join(JsonNode argument) {
        if (!argument.isArray() || argument.size() != 2) {
            throw new UnresolvableTemplateException("malformed Fn::Join: " + argument);
        }
        var parts = new ArrayList<String>();
        for (JsonNode part : list(argument.get(1), "Fn::Join")) {
            parts.add(string(part, "a part of Fn::Join"));
        }
        return String.join(argument.get(0).asText(), parts);
    }

    private String sub(JsonNode argument) {
        String template;
        Map<String, String> variables = new java.util.HashMap<>();
        if (argument.isTextual()) {
            template = argument.asText();
        } else if (argument.isArray() && argument.size() == 2 && argument.get(0).isTextual()) {
            template = argument.get(0).asText();
            argument.get(1).properties().forEach(variable ->
                    variables.put(variable.getKey(), string(variable.getValue(), "Fn::Sub variable " + variable.getKey())));
        } else {
            throw new UnresolvableTemplateException("malformed Fn::Sub: " + argument);
        }
        Matcher matcher = SUB_VARIABLE.matcher(template);
        var out = new StringBuilder();
        while (matcher.find()) {
            String variable = matcher.group(1);
            String value;
            if (variable.startsWith("!")) { // ${!Literal} is written out as ${Literal}
                value = "${" + variable.substring(1) + "}";
            } else if (variables.containsKey(variable)) {
                value = variables.get(variable);
            } else if (variable.contains(".") && !variable.startsWith("AWS::")) {
                String[] parts = variable.split("\\.", 2);
                value = resources.getAtt(parts[0], parts[1]);
            } else {
                value = ref(variable);
            }
            matcher.appendReplacement(out, Matcher.quoteReplacement(value));
        }
        matcher.appendTail(out);
        return out.toString();
    }

    private JsonNode select(JsonNode argument) {
        if (!argument.isArray() || argument.size() != 2) {
            throw new UnresolvableTemplateException("malformed Fn::Select: " + argument);
        }
        String index = string(argument.get(0), "Fn::Select index");
        List<JsonNode> list = list(argument.get(1), "Fn::Select");
        try {
            return list.get(Integer.parseInt(index));
        } catch (NumberFormatException | IndexOutOfBoundsException e) {
            throw new UnresolvableTemplateException("Fn::Select index " + index + " is not in " + list);
        }
    }

    private JsonNode split(JsonNode argument) {
        if (!argument.isArray() || argument.size() != 2) {
            throw new UnresolvableTemplateException("malformed Fn::Split: " + argument);
        }
        String delimiter = argument.get(0).asText();
        ArrayNode parts = JSON.arrayNode();
        for (String part : string(argument.get(1), "Fn::Split source").split(Pattern.quote(delimiter), -1)) {
            parts.add(part);
        }
        return parts;
    }

    /** An argument that must be a list once resolved. */
    private List<JsonNode> list(JsonNode node, String where) {
        JsonNode resolved = resolve(node);
        if (!resolved.isArray()) {
            throw new UnresolvableTemplateException(where + " needs a list, got " + resolved);
        }
        var elements = new ArrayList<JsonNode>();
        resolved.forEach(elements::add);
        return elements;
    }
}
