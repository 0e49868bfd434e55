package com.scaleout.functions.shared.http;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.scaleout.functions.shared.text.Unicode;
import java.io.IOException;

/**
 * Every text field of a request body, read as Jackson reads text, then refused if it is not Unicode: the one place
 * where request bodies read into records meet lone surrogates, whichever route and field.
 */
final class WellFormedText extends StdScalarDeserializer<String> {
    WellFormedText() {
        super(String.class);
    }

    @Override
    public String deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        String text = StringDeserializer.instance.deserialize(parser, context);
        if (text != null && !Unicode.isWellFormed(text)) {
            throw new IllFormed(parser);
        }
        return text;
    }

    /** The field (its path is added as the error travels up) holds a lone surrogate. */
    static final class IllFormed extends MismatchedInputException {
        IllFormed(JsonParser parser) {
            super(parser, "a lone UTF-16 surrogate", (Class<?>) String.class);
        }
    }
}
