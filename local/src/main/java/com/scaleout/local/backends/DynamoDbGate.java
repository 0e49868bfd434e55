package com.scaleout.local.backends;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A pass-through in front of moto_server that gives it the isolation DynamoDB has. moto serves requests on
 * concurrent threads without isolating writes: a cancelled transaction restores snapshots of its tables taken
 * when it began, erasing whatever other requests wrote meanwhile, and its snapshots of two tables are taken at
 * different moments. (Measured: 50 concurrent follow/unfollow transactions left a follower count that did not
 * match the edges.) The gate lets reads run together but runs each write request alone, so every transaction
 * and conditional write sees and leaves a consistent table, as on DynamoDB.
 */
public final class DynamoDbGate implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(DynamoDbGate.class.getName());
    private static final Set<String> READS = Set.of("GetItem", "BatchGetItem", "Query", "Scan", "DescribeTable",
            "ListTables", "DescribeTimeToLive", "DescribeStream", "GetShardIterator", "GetRecords", "ListStreams",
            "TransactGetItems", "DescribeContinuousBackups", "ListTagsOfResource");

    private final URI target;
    private final HttpServer server;
    private final ExecutorService executor = Executors.newVirtualThreadPerTaskExecutor();
    private final HttpClient client = HttpClient.newBuilder().executor(executor)
            .connectTimeout(Duration.ofSeconds(2)).version(HttpClient.Version.HTTP_1_1).build();
    private final ReadWriteLock lock = new ReentrantReadWriteLock(true);

    private DynamoDbGate(URI target) throws IOException {
        this.target = target;
        this.server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 256);
        server.createContext("/", this::forward);
        server.setExecutor(executor);
    }

    public static DynamoDbGate start(URI target) throws IOException {
        var gate = new DynamoDbGate(target);
        gate.server.start();
        return gate;
    }

    public URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getAddress().getPort());
    }

    static boolean isRead(String amzTarget) {
        if (amzTarget == null) {
            return false; // moto's own API (reset) and anything unknown: alone, to be safe
        }
        return READS.contains(amzTarget.substring(amzTarget.indexOf('.') + 1));
    }

    private void forward(HttpExchange exchange) {
        try (exchange) {
            byte[] body;
            try (InputStream in = exchange.getRequestBody()) {
                body = in.readAllBytes();
            }
            var request = HttpExchanges.requestTo(target, exchange, body);
            var held = isRead(exchange.getRequestHeaders().getFirst("x-amz-target")) ? lock.readLock()
                    : lock.writeLock();
            HttpResponse<byte[]> response;
            held.lock();
            try {
                response = client.send(request, HttpResponse.BodyHandlers.ofByteArray());
            } finally {
                held.unlock();
            }
            HttpExchanges.relay(response, exchange);
        } catch (IOException e) {
            LOG.log(Level.WARNING, "DynamoDB gate: forwarding failed", e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        server.stop(0);
        executor.shutdownNow();
    }
}
