package com.scaleout.functions.social.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPEvent;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.http.ApiRequest;
import java.io.File;
import java.net.URISyntaxException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The samples keep up with the declaration: every social route has a good sample and at least one bad one, each
 * sample is real-shaped for its route, and no sample sits in events/social/ untested.
 */
class SampleCoverageTest {
    /** The sample each route's handler test starts from. */
    static final Map<String, String> GOOD = Map.ofEntries(
            Map.entry("POST /users", "post-users"),
            Map.entry("POST /sessions", "post-sessions"),
            Map.entry("DELETE /sessions/current", "delete-sessions-current"),
            Map.entry("GET /me", "get-me"),
            Map.entry("PATCH /me", "patch-me"),
            Map.entry("GET /users/{username}", "get-user"),
            Map.entry("POST /tweets", "post-tweets"),
            Map.entry("GET /tweets/recent", "get-tweets-recent"),
            Map.entry("GET /tweets/{id}", "get-tweet"),
            Map.entry("DELETE /tweets/{id}", "delete-tweet"),
            Map.entry("GET /tweets/{id}/replies", "get-tweet-replies"),
            Map.entry("POST /tweets/{id}/retweets", "post-tweet-retweets"),
            Map.entry("DELETE /tweets/{id}/retweets", "delete-tweet-retweets"),
            Map.entry("GET /tweets/{id}/retweets", "get-tweet-retweets"),
            Map.entry("PUT /tweets/{id}/likes/me", "put-tweet-likes-me"),
            Map.entry("DELETE /tweets/{id}/likes/me", "delete-tweet-likes-me"),
            Map.entry("GET /tweets/{id}/likes", "get-tweet-likes"),
            Map.entry("GET /users/{username}/likes", "get-user-likes"),
            Map.entry("GET /users/{username}/tweets", "get-user-tweets"),
            Map.entry("GET /users/{username}/replies", "get-user-replies"),
            Map.entry("GET /users/{username}/mentions", "get-user-mentions"),
            Map.entry("GET /hashtags/{tag}/tweets", "get-hashtag-tweets"),
            Map.entry("PUT /me/following/{username}", "put-following"),
            Map.entry("DELETE /me/following/{username}", "delete-following"),
            Map.entry("GET /users/{username}/followers", "get-user-followers"),
            Map.entry("GET /users/{username}/following", "get-user-following"),
            Map.entry("GET /timeline", "get-timeline"),
            Map.entry("GET /me/recommendations", "get-me-recommendations"),
            Map.entry("GET /search", "get-search"));
    /** More good samples, for a variant worth its own test. */
    static final Set<String> MORE_GOOD = Set.of("post-tweets-reply", "post-tweets-base64-body",
            "get-hashtag-tweets-unicode", "delete-following-self", "get-tweet-with-token");
    /** Not HTTP API requests: the authorizer's and the stream's samples. */
    static final Set<String> OTHER_EVENTS = Set.of("authorizer-request", "authorizer-request-no-bearer",
            "authorizer-request-malformed-token", "authorizer-request-unknown-token",
            "tweets-stream-insert-remove", "tweets-stream-missing-image", "tweets-stream-not-a-tweet",
            "retweets-stream-insert-remove", "follows-stream-insert-remove", "count-log-stream");

    static Stream<RouteSpec> socialRoutes() {
        return ScaleoutDeclaration.declaration().routes().stream()
                .filter(route -> route.function().startsWith("Social"));
    }

    static Stream<String> httpSamples() {
        return Stream.concat(Stream.concat(GOOD.values().stream(), MORE_GOOD.stream()),
                BadSamples.ALL.stream().map(BadSamples.BadSample::name));
    }

    private static Set<String> samplesOnDisk() throws URISyntaxException {
        var folder = new File(Objects.requireNonNull(SampleCoverageTest.class.getClassLoader()
                .getResource(Samples.FOLDER)).toURI());
        return Arrays.stream(Objects.requireNonNull(folder.list()))
                .map(file -> file.substring(0, file.length() - ".json".length()))
                .collect(Collectors.toSet());
    }

    @Test
    void everySocialRouteHasAGoodSample() {
        assertThat(socialRoutes().map(RouteSpec::routeKey)).containsExactlyInAnyOrderElementsOf(GOOD.keySet());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("socialRoutes")
    void everySocialRouteHasABadSampleBesideItsGoodOne(RouteSpec route) {
        assertThat(BadSamples.ALL).filteredOn(bad -> Samples.http(bad.name()).getRouteKey().equals(route.routeKey()))
                .isNotEmpty();
        assertThat(Samples.http(GOOD.get(route.routeKey())).getRouteKey()).isEqualTo(route.routeKey());
    }

    @Test
    void everySampleOnDiskIsTested() throws URISyntaxException {
        var known = new HashSet<>(httpSamples().toList());
        known.addAll(OTHER_EVENTS);

        assertThat(samplesOnDisk()).containsExactlyInAnyOrderElementsOf(known);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("httpSamples")
    void everySampleIsServedByTheFunctionItsRouteIsDeclaredFor(String sample) {
        var event = Samples.http(sample);
        RouteSpec route = ScaleoutDeclaration.declaration().routesByKey().get(event.getRouteKey());
        assertThat(route).as("declared route %s", event.getRouteKey()).isNotNull();

        var servedBy = SocialWorld.seeded().handlers().stream()
                .filter(handler -> handler.routes().containsKey(route.routeKey())).toList();

        assertThat(servedBy).hasSize(1);
        assertThat(servedBy.getFirst().getClass().getName())
                .isEqualTo(ScaleoutDeclaration.declaration().function(route.function()).handler());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("httpSamples")
    void everySampleIsShapedLikeWhatApiGatewaySends(String sample) {
        var event = Samples.http(sample);
        var context = event.getRequestContext();

        assertThat(event.getVersion()).isEqualTo("2.0");
        assertThat(context.getRouteKey()).isEqualTo(event.getRouteKey());
        assertThat(context.getRequestId()).isNotBlank();
        assertThat(context.getTimeEpoch()).isPositive();
        assertThat(context.getHttp().getMethod() + " " + context.getHttp().getPath())
                .isEqualTo(event.getRouteKey().split(" ")[0] + " " + event.getRawPath());
        assertThat(event.getRawPath()).matches(pathPattern(event.getRouteKey().split(" ")[1]));
        assertThat(event.getHeaders()).containsKeys("host", "user-agent");
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("socialRoutes")
    void goodSamplesCarryTheAuthorizerContextExactlyWhenTheRouteIsAuthorized(RouteSpec route) {
        APIGatewayV2HTTPEvent event = Samples.http(GOOD.get(route.routeKey()));
        var authorizer = event.getRequestContext().getAuthorizer();

        if (route.authorizer().isEmpty()) {
            assertThat(authorizer).isNull();
            return;
        }
        Map<String, Object> context = authorizer.getLambda();
        assertThat(context).containsKeys(ApiRequest.CONTEXT_USER_ID, ApiRequest.CONTEXT_USERNAME,
                ApiRequest.CONTEXT_SESSION_ID);
        String token = event.getHeaders().get("authorization").substring("Bearer ".length());
        assertThat(context.get(ApiRequest.CONTEXT_SESSION_ID)).isEqualTo(Seed.sessionIdOf(token));
    }

    /** {@code /tweets/{id}} → a regex for its raw paths: each parameter one URL-encoded segment. */
    private static String pathPattern(String routePath) {
        return Arrays.stream(routePath.split("/", -1))
                .map(segment -> segment.startsWith("{") ? "[^/]+" : Pattern.quote(segment))
                .collect(Collectors.joining("/"));
    }
}
