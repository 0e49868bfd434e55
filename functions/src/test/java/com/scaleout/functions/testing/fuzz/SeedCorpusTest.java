package com.scaleout.functions.testing.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.amazonaws.services.lambda.runtime.tests.EventLoader;
import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.json.Json;
import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The fuzz targets' committed corpora hold every HTTP sample of events/, so each target starts from real requests
 * and runs them as regression inputs: a sample added to events/ fails this test until its seeds are written
 * ({@code mvn -pl functions test -Dtest=SeedCorpusTest -Dfuzz.writeSeeds=true} writes them under
 * src/test/resources). Also: every declared route's function has a fuzz target.
 */
class SeedCorpusTest {
    private static final Path RESOURCES = Path.of("src/test/resources");
    /** The admin function's target lives in its own module (admin/), beside this one. */
    private static final Path ADMIN_RESOURCES = Path.of("../admin/src/test/resources");
    /** Handlers and fuzz targets are named from here, under their module's root: functions. or admin. */
    private static final String PREFIX = "com.scaleout.";

    /** The fuzz target of each HTTP function's handler: its routes get the samples of those routes. */
    static final Map<String, String> ROUTE_TARGETS = Map.of(
            "functions.social.http.AccountsHandler", "functions.social.http.SocialRoutesFuzzTest",
            "functions.social.http.TweetsHandler", "functions.social.http.SocialRoutesFuzzTest",
            "functions.social.http.FollowsHandler", "functions.social.http.SocialRoutesFuzzTest",
            "functions.social.http.TimelineHandler", "functions.social.http.SocialRoutesFuzzTest",
            "functions.social.http.SearchHandler", "functions.social.http.SocialRoutesFuzzTest",
            "functions.albums.AlbumsHandler", "functions.albums.AlbumsRoutesFuzzTest",
            "functions.imports.http.ImportHandler", "functions.imports.http.ImportRoutesFuzzTest",
            "functions.imports.http.ImportKeysAdminHandler", "functions.imports.http.ImportKeysAdminRoutesFuzzTest",
            "admin.AdminHandler", "admin.AdminRoutesFuzzTest",
            "functions.health.HealthHandler", "functions.health.HealthRoutesFuzzTest");

    record Seed(String target, String method, String name, byte[] bytes) {
        Path path() {
            String simpleName = target.substring(target.lastIndexOf('.') + 1);
            String pkg = (PREFIX + target.substring(0, target.lastIndexOf('.'))).replace('.', '/');
            Path resources = target.startsWith("admin.") ? ADMIN_RESOURCES : RESOURCES;
            return resources.resolve(pkg).resolve(simpleName + "Inputs").resolve(method).resolve(name);
        }
    }

    @Test
    void everyDeclaredRouteIsServedByAFuzzedHandler() {
        var declaration = ScaleoutDeclaration.declaration();
        for (var route : declaration.routes()) {
            String handler = declaration.function(route.function()).handler();
            assertThat(ROUTE_TARGETS).as("fuzz target of %s (%s)", route.routeKey(), handler)
                    .containsKey(handler.substring(PREFIX.length()));
        }
    }

    @Test
    void everySampleIsInTheCorpusOfItsTargets() throws Exception {
        var missing = new ArrayList<String>();
        boolean write = Boolean.getBoolean("fuzz.writeSeeds");
        for (Seed seed : seeds()) {
            Path path = seed.path();
            if (Files.isRegularFile(path) && Arrays.equals(Files.readAllBytes(path), seed.bytes())) {
                continue;
            }
            if (write) {
                Files.createDirectories(path.getParent());
                Files.write(path, seed.bytes());
            } else {
                missing.add(path.toString());
            }
        }
        assertThat(missing).as("seeds not written (-Dfuzz.writeSeeds=true writes them)").isEmpty();
    }

    /** Every seed the samples give: the request to its route's target, and its parts to the parsers' targets. */
    static List<Seed> seeds() throws URISyntaxException, IOException {
        var declaration = ScaleoutDeclaration.declaration();
        var routes = declaration.routesByKey();
        var seeds = new ArrayList<Seed>();
        for (File sample : httpSamples()) {
            String name = "sample-" + sample.getParentFile().getName() + "-" + sample.getName().replace(".json", "");
            APIGatewayV2HTTPEvent event = EventLoader.loadApiGatewayHttpEvent(
                    "events/" + sample.getParentFile().getName() + "/" + sample.getName());
            var route = routes.get(event.getRouteKey());
            String handler = declaration.function(route.function()).handler().substring(PREFIX.length());
            seeds.add(new Seed(ROUTE_TARGETS.get(handler), "routes", name, FuzzRequest.envelope(event)));
            partsOf(event).forEach((target, bytes) -> seeds.add(new Seed(target.split("#")[0], target.split("#")[1],
                    name, bytes)));
        }
        return seeds;
    }

    /** The parts of a request that the parsers' own targets read: body by content type, query, cursors. */
    private static Map<String, byte[]> partsOf(APIGatewayV2HTTPEvent event) throws IOException {
        var parts = new TreeMap<String, byte[]>();
        String contentType = Optional.ofNullable(event.getHeaders()).map(h -> h.get("content-type")).orElse("");
        byte[] body = event.getBody() == null ? new byte[0] : event.getIsBase64Encoded()
                ? Base64.getDecoder().decode(event.getBody())
                : event.getBody().getBytes(StandardCharsets.UTF_8);
        String route = event.getRouteKey();
        if (route.equals("POST /albums")) {
            parts.put("functions.albums.MultipartFormFuzzTest#parse", withFirstLine(contentType, body));
            profilePart(body).ifPresent(profile -> parts.put("functions.albums.AlbumProfileFuzzTest#parse", profile));
        }
        if (route.startsWith("POST /v2/")) {
            parts.put("functions.imports.http.ImportBodiesFuzzTest#read", withFirstLine(contentType, body));
            if (!contentType.contains("transit") && body.length > 0) {
                try {
                    JsonNode tree = Json.MAPPER.readTree(body);
                    parts.put("functions.imports.domain.RecordRulesFuzzTest#check",
                            Json.write(tree != null && tree.isArray() && !tree.isEmpty() ? tree.get(0) : tree)
                                    .getBytes(StandardCharsets.UTF_8));
                } catch (IOException malformed) {
                    parts.put("functions.imports.domain.RecordRulesFuzzTest#check", body);
                }
            }
        }
        var query = Optional.ofNullable(event.getQueryStringParameters()).orElse(Map.of());
        if (query.containsKey("q")) {
            parts.put("functions.social.domain.SearchQueryFuzzTest#parse",
                    query.get("q").getBytes(StandardCharsets.UTF_8));
        }
        if (query.containsKey("cursor")) {
            parts.put(route.equals("GET /search") ? "functions.social.application.SearchCursorFuzzTest#decode"
                    : "functions.shared.http.PageCursorFuzzTest#decode",
                    query.get("cursor").getBytes(StandardCharsets.UTF_8));
        }
        return parts;
    }

    private static Optional<byte[]> profilePart(byte[] body) {
        String text = new String(body, StandardCharsets.ISO_8859_1);
        int name = text.indexOf("name=\"profile\"");
        int start = name < 0 ? -1 : text.indexOf("\r\n\r\n", name);
        int end = start < 0 ? -1 : text.indexOf("\r\n--", start + 4);
        return end < 0 ? Optional.empty() : Optional.of(Arrays.copyOfRange(body, start + 4, end));
    }

    private static byte[] withFirstLine(String line, byte[] rest) {
        byte[] head = (line + "\n").getBytes(StandardCharsets.UTF_8);
        byte[] input = Arrays.copyOf(head, head.length + rest.length);
        System.arraycopy(rest, 0, input, head.length, rest.length);
        return input;
    }

    /** The API Gateway requests of events/ (not the stream batches nor the authorizer's requests). */
    private static List<File> httpSamples() throws URISyntaxException, IOException {
        var root = new File(Objects.requireNonNull(SeedCorpusTest.class.getClassLoader().getResource("events"))
                .toURI());
        var samples = new ArrayList<File>();
        for (File folder : Objects.requireNonNull(root.listFiles(File::isDirectory))) {
            for (File file : Objects.requireNonNull(folder.listFiles((dir, n) -> n.endsWith(".json")))) {
                JsonNode json = Json.MAPPER.readTree(file);
                if (json.has("routeKey") && !json.has("routeArn")) {
                    samples.add(file);
                }
            }
        }
        samples.sort(null);
        return samples;
    }
}
