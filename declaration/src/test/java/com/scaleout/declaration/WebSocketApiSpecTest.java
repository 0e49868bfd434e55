package com.scaleout.declaration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.declaration.WebSocketApiSpec.Route;
import org.junit.jupiter.api.Test;

class WebSocketApiSpecTest {

    @Test
    void theLiveApiRoutesEveryActionToItsFunctionAndOnlyItsPushersReadTheManagementEndpoint() {
        var declaration = ScaleoutDeclaration.declaration();
        var live = declaration.webSocketApi(ScaleoutDeclaration.LIVE_API);

        assertThat(live.routes()).extracting(Route::routeKey)
                .containsExactly("$connect", "$disconnect", "subscribe", "unsubscribe", "$default");
        assertThat(live.route("subscribe")).map(Route::returnsResponse).contains(true);
        assertThat(declaration.readersOf(Settings.LIVE_ENDPOINT)).containsExactlyInAnyOrderElementsOf(live.pushers());
    }

    @Test
    void rejectsUnknownFunctionsAndAnApiWithoutConnect() {
        var builder = Declaration.builder()
                .function(FunctionSpec.of("Echo", "x.Echo"))
                .webSocketApi(WebSocketApiSpec.builder("Chat").throttle(10, 20)
                        .route(Route.oneWay("$connect", "Nobody")).pushedBy("Ghost").build());

        assertThatThrownBy(builder::build)
                .hasMessageContaining("WebSocket route Chat $connect uses unknown function Nobody")
                .hasMessageContaining("WebSocket API Chat is pushed to by unknown function Ghost");
        assertThatThrownBy(() -> WebSocketApiSpec.builder("Chat").throttle(10, 20)
                .route(Route.twoWay("send", "Echo")).build())
                .hasMessageContaining("needs a $connect route");
        assertThatThrownBy(() -> Route.twoWay("$connect", "Echo")).hasMessageContaining("cannot send a response");
        assertThatThrownBy(() -> Route.oneWay("not a key", "Echo")).hasMessageContaining("not a WebSocket route key");
    }
}
