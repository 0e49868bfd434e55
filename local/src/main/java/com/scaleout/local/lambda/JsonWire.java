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
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Events and answers as they cross Lambda's wire: the runtime's event becomes JSON, read into the type the handler
 * declares (its typed {@code handleRequest}'s parameter) the way Lambda's Java runtime reads it, with
 * aws-lambda-java-serialization (the event types through its event serializers, anything else through its POJO
 * serializer) in the environment's own copy of it; the handler's answer becomes JSON the same way and is read back
 * into the runtime's own copy of the declared answer type. So a handler reading a field the runtime does not send,
 * or answering something that does not serialize, fails here as in Lambda. One per environment, built at its init
 * as the Java runtime builds them.
 */
final class JsonWire {
    /** The runtime's side: its own event and answer classes, the same for every environment. */
    private static final Map<Class<?>, Codec> RUNTIME_SIDE = new ConcurrentHashMap<>();
    /** The runtime's events that have no event serializer, written field by field (nulls left out, as AWS does). */
    private static final ObjectMapper BY_FIELDS = JsonMapper.builder()
            .visibility(PropertyAccessor.ALL, JsonAutoDetect.Visibility.NONE)
            .visibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.ANY)
            .serializationInclusion(JsonInclude.Include.NON_NULL)
            .build();

    private final Codec eventReader;
    private final Codec answerWriter;
    private final Codec answerReader;

    private JsonWire(Codec eventReader, Codec answerWriter, Codec answerReader) {
        this.eventReader = eventReader;
        this.answerWriter = answerWriter;
        this.answerReader = answerReader;
    }

    /** The wire of {@code handlerClass}, loaded by {@code environment}; the runtime's classes come from {@code runtime}. */
    static JsonWire of(Class<?> handlerClass, ClassLoader environment, ClassLoader runtime) {
        Method handleRequest = handleRequestOf(handlerClass);
        Class<?> answerType = handleRequest.getReturnType();
        boolean answers = answerType != void.class && answerType != Void.class;
        return new JsonWire(Codec.in(environment, handleRequest.getParameterTypes()[0]),
                answers ? Codec.in(environment, answerType) : null,
                answers ? runtimeSide(runtimeCopy(answerType, runtime)) : null);
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

    /** The event as the handler receives it: read from the JSON the runtime wrote ({@link #eventJson}). */
    Object event(byte[] eventJson) {
        return eventReader.read(eventJson);
    }

    /** The handler's answer as it crosses the wire, or null where there is none. */
    byte[] answerJson(Object handlerAnswer) {
        if (answerWriter == null || handlerAnswer == null) {
            return null;
        }
        return answerWriter.write(handlerAnswer);
    }

    /** The answer as the runtime receives it: read from its JSON into the runtime's own type. */
    Object answer(byte[] answerJson) {
        return answerJson == null ? null : answerReader.read(answerJson);
    }

    /**
     * The event as the service sends it. A type the library has event serializers for is written with them (their
     * mix-ins give AWS's names, e.g. DynamoDB's {@code Records}); any other by its fields, which hold what the
     * service sends: the events library's getters convert some (the authorizer event's {@code getTime()} answers a
     * joda DateTime, which would be written in a format its own setter cannot read back).
     */
    static byte[] eventJson(Object runtimeEvent) {
        Class<?> type = runtimeEvent.getClass();
        if (LambdaEventSerializers.isLambdaSupportedEvent(type.getName())) {
            return runtimeSide(type).write(runtimeEvent);
        }
        try {
            return BY_FIELDS.writeValueAsBytes(runtimeEvent);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("the runtime's own event does not serialize: " + type, e);
        }
    }

    /** The runtime's copy of a class of the artifact's: the same name from its own loader, else a plain JSON tree. */
    private static Class<?> runtimeCopy(Class<?> type, ClassLoader runtime) {
        try {
            return Class.forName(type.getName(), false, runtime);
        } catch (ClassNotFoundException theRuntimeHasNoSuchType) {
            return Object.class;
        }
    }

    private static Codec runtimeSide(Class<?> type) {
        return RUNTIME_SIDE.computeIfAbsent(type, t -> Codec.in(JsonWire.class.getClassLoader(), t));
    }

    /**
     * One type's serializer from the copy of aws-lambda-java-serialization that {@code loader} sees: the runtime's
     * own (called directly), or an environment's (called through reflection, its interfaces being its own classes).
     */
    private record Codec(Object serializer, Method toJson, Method fromJson) {
        static Codec in(ClassLoader loader, Class<?> type) {
            try {
                Class<?> serializers = Class.forName(LambdaEventSerializers.class.getName(), true, loader);
                Class<?> pojoSerializer = Class.forName(PojoSerializer.class.getName(), false, loader);
                Object serializer = serializers.getMethod("serializerFor", Class.class, ClassLoader.class)
                        .invoke(null, type, loader);
                return new Codec(serializer, pojoSerializer.getMethod("toJson", Object.class, OutputStream.class),
                        pojoSerializer.getMethod("fromJson", InputStream.class));
            } catch (ReflectiveOperationException e) {
                throw new IllegalStateException("no Lambda serializer for " + type + " in " + loader, e);
            }
        }

        byte[] write(Object value) {
            var json = new ByteArrayOutputStream();
            call(toJson, value, json);
            return json.toByteArray();
        }

        Object read(byte[] json) {
            return call(fromJson, new ByteArrayInputStream(json));
        }

        private Object call(Method method, Object... arguments) {
            try {
                return method.invoke(serializer, arguments);
            } catch (InvocationTargetException e) {
                if (e.getCause() instanceof RuntimeException failure) {
                    throw failure; // what the Java runtime would fail the invocation with
                }
                throw new IllegalStateException(e.getCause());
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(e);
            }
        }
    }
}
