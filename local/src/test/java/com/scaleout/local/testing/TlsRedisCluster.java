package com.scaleout.local.testing;

import com.scaleout.functions.shared.redis.RedisEndpoint;
import com.scaleout.local.backends.ManagedProcess;
import com.scaleout.local.backends.Probes;
import io.lettuce.core.RedisURI;
import io.lettuce.core.SslOptions;
import io.lettuce.core.cluster.ClusterClientOptions;
import io.lettuce.core.cluster.RedisClusterClient;
import io.lettuce.core.cluster.api.StatefulRedisClusterConnection;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * What ElastiCache Serverless is to a client, on this machine: a Redis Cluster (three primaries, the hash slots
 * split between them) that speaks TLS only, with a certificate from a CA made for the run (openssl, which
 * {@code ./scaleout} installs). Each node announces 127.0.0.1, which its certificate names, so clients verify host
 * names as they do against AWS.
 */
public final class TlsRedisCluster implements AutoCloseable {
    private static final int NODES = 3;
    private static final Duration START_TIMEOUT = Duration.ofSeconds(20);

    private final Path dir;
    private final List<ManagedProcess> nodes = new ArrayList<>();
    private final List<Integer> ports = new ArrayList<>();
    private RedisClusterClient inspectorClient;
    private StatefulRedisClusterConnection<String, String> inspector;

    private TlsRedisCluster(Path dir) {
        this.dir = dir;
    }

    public static TlsRedisCluster start(Path dir) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        var cluster = new TlsRedisCluster(dir);
        try {
            cluster.makeCertificates();
            cluster.startNodes();
            cluster.joinNodes();
            return cluster;
        } catch (IOException | InterruptedException | RuntimeException e) {
            cluster.close();
            throw e;
        }
    }

    /** The cluster as the functions see it in AWS: {@code rediss://}, cluster mode, trusting the run's CA. */
    public RedisEndpoint endpoint() {
        return RedisEndpoint.cluster(url()).trusting(caCertificate());
    }

    public String url() {
        return "rediss://127.0.0.1:" + ports.getFirst();
    }

    public Path caCertificate() {
        return dir.resolve("ca.crt");
    }

    /** A connection of the test's own, to look at and empty what the adapters keep. */
    public synchronized StatefulRedisClusterConnection<String, String> inspector() {
        if (inspector == null) {
            RedisURI uri = RedisURI.create(url());
            inspectorClient = RedisClusterClient.create(uri);
            inspectorClient.setOptions(ClusterClientOptions.builder()
                    .sslOptions(SslOptions.builder().jdkSslProvider().trustManager(caCertificate().toFile()).build())
                    .build());
            inspector = inspectorClient.connect();
        }
        return inspector;
    }

    public int nodeCount() {
        return NODES;
    }

    private void makeCertificates() throws IOException, InterruptedException {
        Files.writeString(dir.resolve("san.ext"), "subjectAltName=DNS:localhost,IP:127.0.0.1\n");
        run("openssl", "req", "-x509", "-new", "-nodes", "-newkey", "rsa:2048", "-days", "2",
                "-keyout", "ca.key", "-out", "ca.crt", "-subj", "/CN=scaleout-test-ca");
        run("openssl", "req", "-new", "-nodes", "-newkey", "rsa:2048",
                "-keyout", "redis.key", "-out", "redis.csr", "-subj", "/CN=localhost");
        run("openssl", "x509", "-req", "-in", "redis.csr", "-CA", "ca.crt", "-CAkey", "ca.key", "-CAcreateserial",
                "-days", "2", "-extfile", "san.ext", "-out", "redis.crt");
    }

    private void startNodes() throws IOException {
        for (int i = 0; i < NODES; i++) {
            int port = Probes.freePort();
            int busPort = Probes.freePort();
            ports.add(port);
            Path nodeDir = Files.createDirectories(dir.resolve("node-" + port));
            nodes.add(ManagedProcess.start("redis-cluster-node-" + i, List.of("redis-server",
                            "--bind", "127.0.0.1", "--port", "0", "--tls-port", String.valueOf(port),
                            "--tls-cert-file", dir.resolve("redis.crt").toString(),
                            "--tls-key-file", dir.resolve("redis.key").toString(),
                            "--tls-ca-cert-file", caCertificate().toString(),
                            "--tls-auth-clients", "no", "--tls-cluster", "yes",
                            "--cluster-enabled", "yes", "--cluster-port", String.valueOf(busPort),
                            "--cluster-config-file", nodeDir.resolve("nodes.conf").toString(),
                            "--dir", nodeDir.toString(), "--save", "", "--appendonly", "no"),
                    nodeDir.resolve("redis-server.log"), () -> listening(port), START_TIMEOUT));
        }
    }

    /** Splits the slots between the nodes and waits until every node reports the cluster healthy. */
    private void joinNodes() throws IOException, InterruptedException {
        var create = new ArrayList<>(tlsCli());
        create.add("--cluster");
        create.add("create");
        ports.forEach(port -> create.add("127.0.0.1:" + port));
        create.add("--cluster-yes");
        run(create.toArray(String[]::new));
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        for (int port : ports) {
            while (true) {
                var info = new ArrayList<>(tlsCli());
                info.addAll(List.of("-p", String.valueOf(port), "cluster", "info"));
                if (run(info.toArray(String[]::new)).contains("cluster_state:ok")) {
                    break;
                }
                if (System.nanoTime() > deadline) {
                    throw new IOException("the TLS Redis cluster did not become healthy in " + START_TIMEOUT);
                }
                Thread.sleep(100);
            }
        }
    }

    private List<String> tlsCli() {
        return List.of("redis-cli", "--tls", "--cacert", caCertificate().toString(), "-h", "127.0.0.1");
    }

    private static boolean listening(int port) {
        try (var socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private String run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (process.waitFor() != 0) {
            throw new IOException(String.join(" ", command) + " failed: " + output);
        }
        return output;
    }

    @Override
    public void close() {
        if (inspector != null) {
            inspector.close();
            inspectorClient.shutdown();
        }
        nodes.forEach(ManagedProcess::close);
    }
}
