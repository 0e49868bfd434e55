package com.scaleout.local.backends;

import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.local.LocalSettings;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;

/**
 * moto_server as the runtime starts it: through {@code scaleout_moto.py} (a resource of this module), which refuses
 * any moto but the pinned one and patches it to DynamoDB's complexity (Queries proportional to the items they
 * return, transactions without table copies, stream reads without a per-record shape walk; the file says which moto
 * code each patch replaces and why). {@link Variant#UNPATCHED} is moto as released, for the equivalence tests and the
 * before/after benchmark. The interpreter is {@code SCALEOUT_PYTHON} ({@code ./scaleout} sets the one moto is
 * installed in), else {@code python3}.
 */
public final class MotoServer {
    static final String SCRIPT = "scaleout_moto.py";
    /** Set on every answer of the patched moto. */
    static final String MARKER_HEADER = "x-scaleout-moto";
    private static final Duration START_TIMEOUT = Duration.ofSeconds(60);

    public enum Variant { PATCHED, UNPATCHED }

    private MotoServer() {
    }

    /** Starts moto on 127.0.0.1:{@code port}, logging to {@code dataDir/logs/<name>.log}. */
    public static ManagedProcess start(Variant variant, int port, Path dataDir) throws IOException {
        return start(variant, port, dataDir, variant == Variant.PATCHED ? "moto_server" : "moto_server-unpatched");
    }

    /** Starts moto on 127.0.0.1:{@code port} under {@code name}, logging to {@code dataDir/logs/<name>.log}. */
    public static ManagedProcess start(Variant variant, int port, Path dataDir, String name) throws IOException {
        URI endpoint = URI.create("http://127.0.0.1:" + port);
        return ManagedProcess.start(name, command(variant, port, dataDir), dataDir.resolve("logs/" + name + ".log"),
                () -> Probes.httpAnswers(endpoint), START_TIMEOUT);
    }

    static List<String> command(Variant variant, int port, Path dataDir) throws IOException {
        String python = RuntimeEnvironment.variable(LocalSettings.PYTHON).orElseThrow();
        String host = "127.0.0.1";
        if (variant == Variant.UNPATCHED) {
            return List.of(python, "-m", "moto.server", "-H", host, "-p", String.valueOf(port));
        }
        return List.of(python, script(dataDir).toString(), "-H", host, "-p", String.valueOf(port));
    }

    /** The patch layer, written out of the classpath into {@code dataDir/moto/} (fresh each start). */
    static Path script(Path dataDir) throws IOException {
        Path directory = Files.createDirectories(dataDir.resolve("moto"));
        Path target = directory.resolve(SCRIPT);
        try (InputStream in = MotoServer.class.getResourceAsStream("/moto/" + SCRIPT)) {
            if (in == null) {
                throw new IOException("the moto patch layer /moto/" + SCRIPT + " is missing from the classpath");
            }
            Files.copy(in, target, StandardCopyOption.REPLACE_EXISTING);
        }
        return target.toAbsolutePath();
    }
}
