package com.scaleout.local.lambda.isolated;

import com.amazonaws.services.lambda.runtime.Context;
import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;

/** Test function whose answer Lambda's Java runtime cannot turn into JSON: a getter that throws. */
public final class UnserializableAnswerHandler
        implements RequestHandler<APIGatewayV2HTTPEvent, UnserializableAnswerHandler.Answer> {
    @Override
    public Answer handleRequest(APIGatewayV2HTTPEvent event, Context context) {
        return new Answer();
    }

    /** An answer with a property that cannot be read. */
    public static final class Answer {
        public int getStatusCode() {
            throw new IllegalStateException("not serializable");
        }
    }
}
