package com.scaleout.functions.albums;

import com.scaleout.functions.shared.http.ApiException;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.apache.james.mime4j.MimeException;
import org.apache.james.mime4j.stream.EntityState;
import org.apache.james.mime4j.stream.MimeConfig;
import org.apache.james.mime4j.stream.MimeTokenStream;

/** The named parts of a {@code multipart/form-data} body, parsed with Apache James mime4j's pull parser. */
public final class MultipartForm {
    private static final Pattern NAME = Pattern.compile("(?<![A-Za-z])name=\"([^\"]*)\"");
    private static final MimeConfig CONFIG = MimeConfig.custom()
            .setMaxLineLen(-1) // binary parts have no lines to speak of; the body is bounded at 6 MB anyway
            .setMaxHeaderCount(50)
            .setMaxHeaderLen(10_000)
            .build();

    private final Map<String, byte[]> parts;

    private MultipartForm(Map<String, byte[]> parts) {
        this.parts = parts;
    }

    public static MultipartForm parse(byte[] body, String contentType) {
        if (contentType == null || !contentType.toLowerCase(Locale.ROOT).startsWith("multipart/form-data")
                || !contentType.toLowerCase(Locale.ROOT).contains("boundary=")) {
            throw ApiException.badRequest("Expected a multipart/form-data body with image and profile");
        }
        var parts = new HashMap<String, byte[]>();
        var stream = new MimeTokenStream(CONFIG);
        try {
            // inside the try: mime4j parses the content type as a header field, and a malformed one throws
            stream.parseHeadless(new ByteArrayInputStream(body), contentType);
            String name = null;
            for (EntityState state = stream.getState(); state != EntityState.T_END_OF_STREAM; state = stream.next()) {
                switch (state) {
                    case T_START_BODYPART -> name = null;
                    case T_FIELD -> {
                        var field = stream.getField();
                        if (field.getName().equalsIgnoreCase("Content-Disposition")) {
                            var m = NAME.matcher(field.getBody());
                            name = m.find() ? m.group(1) : null;
                        }
                    }
                    case T_BODY -> {
                        if (name != null) {
                            parts.putIfAbsent(name, stream.getDecodedInputStream().readAllBytes());
                        }
                    }
                    default -> {
                        // preamble, epilogue, headers' ends: nothing to keep
                    }
                }
            }
        } catch (MimeException | IOException | RuntimeException e) {
            throw ApiException.badRequest("Malformed multipart body");
        }
        return new MultipartForm(parts);
    }

    public Optional<byte[]> part(String name) {
        return Optional.ofNullable(parts.get(name));
    }
}
