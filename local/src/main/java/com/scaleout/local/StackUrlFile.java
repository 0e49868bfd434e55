package com.scaleout.local;

import com.scaleout.functions.shared.config.RuntimeEnvironment;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where {@code ./scaleout up} tells the other commands its API's URL: a file {@code api-url} in its data directory
 * ({@code SCALEOUT_DATA_DIR}, default {@code .scaleout/}), written once the stack is up and removed when it stops, so
 * that the admin commands find a stack started on any port without {@code PORT} exported in their shell. Beside it,
 * {@code backend-url}: the endpoint of its DynamoDB and S3 (moto_server, on a free port), which the warehouse's SQL
 * reads the files and schemas from.
 */
public final class StackUrlFile {
    static final String NAME = "api-url";
    static final String BACKEND_NAME = "backend-url";
    private final Path dataDir;
    private final Path file;
    private final Path backendFile;

    public StackUrlFile(Path dataDir) {
        this.dataDir = dataDir;
        this.file = dataDir.resolve(NAME);
        this.backendFile = dataDir.resolve(BACKEND_NAME);
    }

    /** The file of the data directory this process's environment names. */
    public static StackUrlFile fromEnvironment() {
        return new StackUrlFile(Path.of(RuntimeEnvironment.variable(LocalSettings.DATA_DIR).orElseThrow()));
    }

    void write(String url, String backendUrl) throws IOException {
        Files.createDirectories(dataDir);
        Files.writeString(backendFile, backendUrl + "\n", StandardCharsets.UTF_8);
        Files.writeString(file, url + "\n", StandardCharsets.UTF_8);
    }

    void delete() {
        try {
            Files.deleteIfExists(file);
            Files.deleteIfExists(backendFile);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The URL of the stack that wrote the file, if one did (it may have died without removing it). */
    public Optional<String> read() {
        return read(file);
    }

    /** The DynamoDB and S3 endpoint of the stack that wrote the file, if one did. */
    public Optional<String> readBackend() {
        return read(backendFile);
    }

    private static Optional<String> read(Path file) {
        try {
            return Optional.of(Files.readString(file, StandardCharsets.UTF_8).strip()).filter(url -> !url.isEmpty());
        } catch (IOException noStack) {
            return Optional.empty();
        }
    }

    @Override
    public String toString() {
        return file.toString();
    }
}
