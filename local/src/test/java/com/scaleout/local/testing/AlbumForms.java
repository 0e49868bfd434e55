package com.scaleout.local.testing;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;

/**
 * {@code POST /albums} bodies as the AlbumStore client sends them: {@code multipart/form-data} with an {@code image}
 * part (the bytes, as a PNG file) and a {@code profile} part (JSON or the generated client's text).
 */
public final class AlbumForms {
    /** The boundary of {@link #body}; {@link #contentType()} names it. */
    public static final String BOUNDARY = "scaleoutBoundary7MA4YWxkTrZu0gW";
    /** A profile as JSON. */
    public static final String JSON_PROFILE = "{\"artist\":\"Sex Pistols\",\"title\":\"Never Mind\",\"year\":\"1977\"}";

    private AlbumForms() {
    }

    public static String contentType() {
        return contentType(BOUNDARY);
    }

    public static String contentType(String boundary) {
        return "multipart/form-data; boundary=" + boundary;
    }

    /** The form with these parts (null leaves a part out), under {@link #BOUNDARY}. */
    public static byte[] body(byte[] image, String profile) {
        return body(BOUNDARY, image, profile);
    }

    /** The form with these parts (null leaves a part out), under the given boundary. */
    public static byte[] body(String boundary, byte[] image, String profile) {
        var out = new ByteArrayOutputStream();
        if (image != null) {
            out.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"image\"; filename=\"a.png\""
                    + "\r\nContent-Type: image/png\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
            out.writeBytes(image);
            out.writeBytes("\r\n".getBytes(StandardCharsets.US_ASCII));
        }
        if (profile != null) {
            out.writeBytes(("--" + boundary + "\r\nContent-Disposition: form-data; name=\"profile\"\r\n\r\n" + profile
                    + "\r\n").getBytes(StandardCharsets.UTF_8));
        }
        out.writeBytes(("--" + boundary + "--\r\n").getBytes(StandardCharsets.US_ASCII));
        return out.toByteArray();
    }
}
