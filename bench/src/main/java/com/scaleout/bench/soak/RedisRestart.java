package com.scaleout.bench.soak;

import com.scaleout.local.backends.Backends;
import com.scaleout.local.backends.ManagedProcess;
import com.scaleout.local.backends.Probes;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

/**
 * A cache restart as a real one happens: the stack's redis-server is told to shut down (SHUTDOWN NOSAVE: it keeps
 * nothing), stays down for a few seconds, and a new, empty one starts on the same port, as this process's child
 * (closed with it).
 */
final class RedisRestart {
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(10);

    /** When Redis went down and when it answered again, and the new server. */
    record Restarted(Instant stopped, Instant back, ManagedProcess server) {
    }

    private RedisRestart() {
    }

    static Restarted restart(String redisUrl, Duration down, Path logFile) throws IOException, InterruptedException {
        URI uri = URI.create(redisUrl);
        String host = uri.getHost();
        int port = uri.getPort();
        try (var socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 1000);
            OutputStream out = socket.getOutputStream();
            out.write("*2\r\n$8\r\nSHUTDOWN\r\n$6\r\nNOSAVE\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            socket.getInputStream().read(); // the server closes the connection as it goes
        }
        long giveUp = System.nanoTime() + STOP_TIMEOUT.toNanos();
        while (Probes.redisAnswers(host, port)) {
            if (System.nanoTime() > giveUp) {
                throw new IOException("redis-server at " + redisUrl + " did not stop after SHUTDOWN");
            }
            Thread.sleep(50);
        }
        Instant stopped = Instant.now();
        Thread.sleep(down.toMillis());
        ManagedProcess server = Backends.startRedis(port, logFile);
        return new Restarted(stopped, Instant.now(), server);
    }
}
