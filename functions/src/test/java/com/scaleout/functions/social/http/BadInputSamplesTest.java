package com.scaleout.functions.social.http;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.social.http.BadSamples.BadSample;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Each bad-input sample gets its exact 4xx, in the JSON error shape, from the handler that serves its route. */
class BadInputSamplesTest {

    static Stream<BadSample> samples() {
        return BadSamples.ALL.stream();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void answersTheClientErrorAsJson(BadSample sample) {
        var world = SocialWorld.seeded();
        var event = Samples.http(sample.name());

        var response = world.handle(event);

        ApiJson.assertClientError(response, sample.status(), event.getRequestContext().getRequestId(),
                sample.fields());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("samples")
    void changesNothingItCouldBeBlamedFor(BadSample sample) {
        var world = SocialWorld.seeded();
        var before = world.state();

        world.handle(Samples.http(sample.name()));

        assertThat(world.state()).isEqualTo(before);
    }
}
