package com.scaleout.local.lambda;

/**
 * Lambda's synchronous invocation payload limits, measured as Lambda measures them: the size of the JSON that crosses
 * the wire, as the Java runtime's own serializers write it ({@link JsonWire}). An event over
 * {@link #MAX_REQUEST_BYTES} is refused before the function runs (RequestEntityTooLargeException); a response over
 * {@link #MAX_RESPONSE_BYTES} fails the invocation after it ran ("Response payload size exceeded maximum allowed
 * payload size"). {@link FunctionPool#invoke} holds both on the JSON it sends and receives.
 */
public final class InvocationPayload {
    /** 6 MiB, the invoke request's limit. */
    public static final int MAX_REQUEST_BYTES = 6 * 1024 * 1024;
    /** 6 MiB and 100 bytes: the response's limit is that much larger than the request's. */
    public static final int MAX_RESPONSE_BYTES = MAX_REQUEST_BYTES + 100;

    private InvocationPayload() {
    }

    /** Whether {@code event} may be sent: for callers that shape what they send to fit (a stream batch). */
    public static boolean requestFits(Object event) {
        return requestFits(JsonWire.eventJson(event));
    }

    /** Whether an event's JSON is within the request's limit. */
    static boolean requestFits(byte[] eventJson) {
        return eventJson.length <= MAX_REQUEST_BYTES;
    }

    /** Whether an answer's JSON (null: none) is within the response's limit. */
    static boolean responseFits(byte[] answerJson) {
        return answerJson == null || answerJson.length <= MAX_RESPONSE_BYTES;
    }
}
