package com.scaleout.declaration;

/**
 * The web client's Content Security Policy, one definition for both places that serve it: the CDK app's
 * CloudFront site and the local runtime. Scripts, styles, fonts and images from the site itself only (images also
 * as data: URLs), requests to the site and the API only, no plugins, no framing, forms and {@code <base>} to the
 * site only. Served locally too, so the browser tests would see a violation before a deploy does.
 */
public final class WebClientSecurity {
    private WebClientSecurity() {
    }

    /**
     * @param apiOrigins where the APIs are when not on the site's own origin (the HTTP API's, a WebSocket API's
     *                   {@code wss://} one), or none; empty ones are left out
     */
    public static String contentSecurityPolicy(String... apiOrigins) {
        var connect = new StringBuilder("'self'");
        for (String origin : apiOrigins) {
            if (origin != null && !origin.isEmpty()) {
                connect.append(' ').append(origin);
            }
        }
        return "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; "
                + "connect-src " + connect + "; object-src 'none'; base-uri 'self'; form-action 'self'; "
                + "frame-ancestors 'none'";
    }
}
