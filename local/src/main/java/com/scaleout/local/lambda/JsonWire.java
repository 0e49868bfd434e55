package com.scaleout.local.lambda;

import com.amazonaws.services.lambda.runtime.serialization.PojoSerializer;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Events and answers as they cross Lambda's wire: the runtime's event becomes JSON, read into the type the handler
 * declares (its typed {@code handleRequest}'s parameter) the way Lambda's Java runtime reads it, with
 * aws-lambda-java-serialization (the event types through its event serializers, anything else through its POJO
 * serializer); the handler's answer becomes JSON the same way and is read back into the runtime's own copy of the
 * declared answer type. So a handler reading a field the runtime does not send, or answering something that does
 * not serialize, fails here as in Lambda. One per environment, built at its init as the Java runtime builds them.
 */
final class JsonWire {
    /** The runtime's side: its own event and answer classes, the same for every environment. */
    private static final Map<Class<?>, PojoSerializer<Object>> RUNTIME_SIDE = new ConcurrentHashMap<>();
    /** The runtime's events that have no event serializer, written field by field (nulls left out, as AWS does). */
    private static final ObjectMapper BY_FIELDS = JsonMapper.builder()
            .visibility(PropertyAccessor.ALL, JsonAutoDetect.Visibility.NONE)
            .visibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.ANY)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .build();

    private final PojoSerializer<Object> eventReader;
    private final PojoSerializer<Object> answerWriter;
    private final PojoSerializer<Object> answerReader;
    private final boolean answers;

    private JsonWire(PojoSerializer<Object> eventReader, PojoSerializer<Object> answerWriter,
                     PojoSerializer<Object> answerReader, boolean answers) {
        this.eventReader = eventReader;
        this.answerWriter = answerWriter;
        this.answerReader = answerReader;
        this.answers = answers;
    }

    /** The wire of {@code handlerClass}, loaded by {@code environment}; the runtime's classes come from {@code runtime}. */
    static JsonWire of(Class<?> handlerClass, ClassLoader environment, ClassLoader runtime) {
        Method handleRequest = handleRequestOf(handlerClass);
        Class<?> answerType = handleRequest.getReturnType();
        boolean answers = answerType != void.class && answerType != Void.class;
        return new JsonWire(serializer(handleRequest.getParameterTypes()[0], environment),
                answers ? serializer(answerType, environment) : null,
                answers ? runtimeSide(runtimeCopy(answerType, runtime)) : null, answers);
    }

    /** The typed {@code handleRequest} (not the erased bridge): the types the runtime reads and writes. */
    static Method handleRequestOf(Class<?> type) {
        for (Method method : type.getMethods()) {
            if (method.getName().equals("handleRequest") && method.getParameterCount() == 2 && !method.isBridge()) {
                return method;
            }
        }
        throw new IllegalArgumentException(type + " has no typed handleRequest");
    }

    /** The runtime's event as the handler receives it: through JSON. */
    Object event(Object runtimeEvent) {
        return read(eventReader, eventJson(runtimeEvent));
    }

    /**
     * The event as the service sends it. A type the library has event serializers for is written with them (their
     * mix-ins give AWS's names, e.g. DynamoDB's {@code Records}); any other by its fields, which hold what the
     * service sends: the events library's getters convert some (the authorizer event's {@code getTime()} answers a
     * joda DateTime, which would be written in a format its own setter cannot read back).
     */
    private static byte[] eventJson(Object runtimeEvent) {
        Class<?> type = runtimeEvent.getClass();
        if (LambdaEventSerializers.isLambdaSupportedEvent(type.getName())) {
            return write(runtimeSide(type), runtimeEvent);
        }
        try {
            return BY_FIELDS.writeValueAsBytes(runtimeEvent);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the runtime's own event does not serialize: " + type, e);
        }
    }

    /** The handler's answer as the runtime receives it: through JSON, into the runtime's own type. */
    Object answer(Object handlerAnswer) {
        if (!answers || handlerAnswer == null) {
            return null;
        }
        return read(answerReader, write(answerWriter, handlerAnswer));
    }

    private static byte[] write(PojoSerializer<Object> serializer, Object value) {
        var json = new ByteArrayOutputStream();
        serializer.toJson(value, json);
        return json.toByteArray();
    }

    private static Object read(PojoSerializer<Object> serializer, byte[] json) {
        return serializer.fromJson(new ByteArrayInputStream(json));
    }

    /** The runtime's copy of a class of the artifact's: the same name from its own loader, else a plain JSON tree. */
    private static Class<?> runtimeCopy(Class<?> type, ClassLoader runtime) {
        try {
            return Class.forName(type.getName(), false, runtime);
        } catch (ClassNotFoundException theRuntimeHasNoSuchType) {
            return Object.class;
        }
    }

    private static PojoSerializer<Object> runtimeSide(Class<?> type) {
        return RUNTIME_SIDE.computeIfAbsent(type, t -> serializer(t, JsonWire.class.getClassLoader()));
    }

    @SuppressWarnings("unchecked")
    private static PojoSerializer<Object> serializer(Class<?> type, ClassLoader loader) {
        return (PojoSerializer<Object>) LambdaEventSerializers.serializerFor(type, loader);
    }
}
