package com.scaleout.local.lambda;

import com.amazonaws.services.lambda.runtime.serialization.PojoSerializer;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import com.amazonaws.services.lambda.runtime.serialization.factories.JacksonFactory;
import java.io.OutputStream;

/**
 * Lambda's synchronous invocation payload limits, measured as Lambda measures them: the size of the JSON that crosses
 * the wire, serialized by the Java runtime's own serializers. An event over {@link #MAX_REQUEST_BYTES} is refused
 * before the function runs (RequestEntityTooLargeException); a response over {@link #MAX_RESPONSE_BYTES} fails the
 * invocation after it ran ("Response payload size exceeded maximum allowed payload size").
 */
public final class InvocationPayload {
    /** 6 MiB, the invoke request's limit. */
    public static final int MAX_REQUEST_BYTES = 6 * 1024 * 1024;
    /** 6 MiB and 100 bytes: the response's limit is that much larger than the request's. */
    public static final int MAX_RESPONSE_BYTES = MAX_REQUEST_BYTES + 100;

    private static final ClassValue<PojoSerializer<Object>> SERIALIZERS = new ClassValue<>() {
        @Override
        @SuppressWarnings("unchecked")
        protected PojoSerializer<Object> computeValue(Class<?> type) {
            // as the runtime chooses: its event serializers for the events it knows, plain Jackson for the rest
            return LambdaEventSerializers.isLambdaSupportedEvent(type.getName())
                    ? (PojoSerializer<Object>) LambdaEventSerializers.serializerFor(type, type.getClassLoader())
                    : (PojoSerializer<Object>) JacksonFactory.getInstance().getSerializer(type);
        }
    };

    private InvocationPayload() {
    }

    public static boolean requestFits(Object event) {
        return serializedBytes(event) <= MAX_REQUEST_BYTES;
    }

    public static boolean responseFits(Object response) {
        return response == null || serializedBytes(response) <= MAX_RESPONSE_BYTES;
    }

    /** Bytes of the value's JSON, counted as it is written, never held. */
    static long serializedBytes(Object value) {
        var counter = new ByteCounter();
        SERIALIZERS.get(value.getClass()).toJson(value, counter);
        return counter.count;
    }

    private static final class ByteCounter extends OutputStream {
        private long count;

        @Override
        public void write(int b) {
            count++;
        }

        @Override
        public void write(byte[] bytes, int offset, int length) {
            count += length;
        }
    }
}
