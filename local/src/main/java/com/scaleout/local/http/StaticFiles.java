package com.scaleout.local.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The web client's built files (web/dist), served by the local HTTP API for GET requests that match no API route:
 * {@code /} is {@code index.html}, anything else a file under the directory. A path that leaves the directory
 * ({@code ..} in any encoding, a backslash, a symbolic link pointing out) or names no regular file resolves to
 * nothing, which the API answers with 404.
 */
public final class StaticFiles {
    private static final String OCTET_STREAM = "application/octet-stream";
    private static final Map<String, String> CONTENT_TYPES = Map.ofEntries(
            Map.entry("html", "text/html; charset=utf-8"),
            Map.entry("js", "text/javascript; charset=utf-8"),
            Map.entry("mjs", "text/javascript; charset=utf-8"),
            Map.entry("css", "text/css; charset=utf-8"),
            Map.entry("json", "application/json"),
            Map.entry("map", "application/json"),
            Map.entry("webmanifest", "application/manifest+json"),
            Map.entry("txt", "text/plain; charset=utf-8"),
            Map.entry("svg", "image/svg+xml"),
            Map.entry("png", "image/png"),
            Map.entry("jpg", "image/jpeg"),
            Map.entry("jpeg", "image/jpeg"),
            Map.entry("gif", "image/gif"),
            Map.entry("webp", "image/webp"),
            Map.entry("ico", "image/x-icon"),
            Map.entry("woff", "font/woff"),
            Map.entry("woff2", "font/woff2"));

    private final Path root;

    private StaticFiles(Path root) {
        this.root = root;
    }

    /** The files under {@code dir}, or empty when it is not a directory (then nothing is served). */
    public static Optional<StaticFiles> at(Path dir) {
        try {
            return Files.isDirectory(dir) ? Optional.of(new StaticFiles(dir.toRealPath())) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    public Path root() {
        return root;
    }

    /** A file to answer with: its bytes, content type and caching policy. */
    public record StaticFile(Path path, String contentType, String cacheControl) {
        public byte[] read() throws IOException {
            return Files.readAllBytes(path);
        }
    }

    /** The file a request path (raw, still percent-encoded) names, if it is a regular file inside the root. */
    public Optional<StaticFile> resolve(String rawPath) {
        String path = decode(rawPath);
        if (path == null || !path.startsWith("/") || path.indexOf('\\') >= 0 || path.indexOf('\0') >= 0) {
            return Optional.empty();
        }
        String relative = path.substring(1);
        if (relative.isEmpty() || relative.endsWith("/")) {
            relative += "index.html";
        }
        for (String segment : relative.split("/", -1)) {
            if (segment.isEmpty() || segment.equals(".") || segment.equals("..")) {
                return Optional.empty();
            }
        }
        try {
            Path candidate = root.resolve(relative).normalize();
            if (!candidate.startsWith(root) || !Files.isRegularFile(candidate)) {
                return Optional.empty();
            }
            Path real = candidate.toRealPath(); // a symbolic link must not lead out of the root either
            if (!real.startsWith(root)) {
                return Optional.empty();
            }
            return Optional.of(new StaticFile(real, contentType(real), cacheControl(relative)));
        } catch (InvalidPathException | IOException e) {
            return Optional.empty();
        }
    }

    static String contentType(Path file) {
        String name = file.getFileName().toString();
        int dot = name.lastIndexOf('.');
        return dot < 0 ? OCTET_STREAM
                : CONTENT_TYPES.getOrDefault(name.substring(dot + 1).toLowerCase(Locale.ROOT), OCTET_STREAM);
    }

    /** Vite puts a content hash in every name under assets/: those never change; the rest is revalidated. */
    private static String cacheControl(String relative) {
        return relative.startsWith("assets/") ? "public, max-age=31536000, immutable" : "no-cache";
    }

    /** Percent-decoding of a path ('+' stays '+'), or null when it is malformed. */
    private static String decode(String rawPath) {
        try {
            return java.net.URLDecoder.decode(rawPath.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
