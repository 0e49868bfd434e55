package com.scaleout.loadtest;

import io.gatling.javaapi.core.Simulation;
import java.time.Duration;
import java.util.List;

/**
 * The three suites together for {@code seconds} (default 600), at a size a 2-core machine carries for that long
 * beside the local stack: {@code ./scaleout soak} runs it, restarts the stack's Redis in the middle and then
 * reconciles what the clients were told was accepted (recorded under {@code -DsoakDir}, see {@link SoakRecorder})
 * with what the stack holds. No assertion on failures: the soak's own report judges them by phase (a failure while
 * Redis restarts is not one after it). Parameters: baseUrl, soakDir, seconds, and each suite's size ({@code
 * socialUsers}, {@code albumUsers}, {@code importClients}).
 */
public class SoakSimulation extends Simulation {
    private static final int SECONDS = LoadRun.parameter("seconds", 600);
    private static final int RAMP_SECONDS = Math.min(20, SECONDS / 4);
    /** A group of album clients every this many seconds, each doing a few POST + GET + review. */
    private static final int ALBUM_EVERY = 5;
    private static final int IMPORT_EVERY = 10;

    private final SoakRecorder socialRecorder = SoakRecorder.forSuite("social");
    private final SoakRecorder albumsRecorder = SoakRecorder.forSuite("albums");
    private final SoakRecorder importRecorder = SoakRecorder.forSuite("import");
    private final SocialLoad social = new SocialLoad(new SocialLoad.Parameters(LoadRun.parameter("socialUsers", 20),
            RAMP_SECONDS, SECONDS - RAMP_SECONDS, 3, 500), socialRecorder);
    private final AlbumsLoad albums = new AlbumsLoad(new AlbumsLoad.Parameters(LoadRun.parameter("albumUsers", 2),
            Math.max(1, SECONDS / ALBUM_EVERY), ALBUM_EVERY, 5), albumsRecorder);
    private final ImportLoad imports = new ImportLoad(new ImportLoad.Parameters(Math.max(1, SECONDS / IMPORT_EVERY),
            LoadRun.parameter("importClients", 2), 2, IMPORT_EVERY, 50, Long.getLong("seed", 20261130L), "",
            Long.getLong("clientId", 4242L), System.getProperty("adminKey", "local-admin-key")), importRecorder);

    {
        setUp(social.population(), albums.population(), imports.population())
                .maxDuration(social.maxDuration().plus(Duration.ofSeconds(60)));
    }

    @Override
    public void before() {
        if (!socialRecorder.on()) {
            throw new IllegalArgumentException("-DsoakDir is required: the soak records what it was told");
        }
        System.out.printf("soak: the social, albums and import suites together for %d s%n", SECONDS);
        // the soak command times the Redis restart from here
        try {
            java.nio.file.Files.writeString(java.nio.file.Path.of(System.getProperty("soakDir"), "started"),
                    String.valueOf(System.currentTimeMillis()));
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
        social.before();
        imports.before();
    }

    @Override
    public void after() {
        imports.after();
        List.of(socialRecorder, albumsRecorder, importRecorder).forEach(SoakRecorder::close);
    }
}
