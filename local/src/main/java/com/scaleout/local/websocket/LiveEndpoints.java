package com.scaleout.local.websocket;

import com.scaleout.declaration.WebSocketApiSpec;
import java.util.List;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.websocket.server.WebSocketUpgradeHandler;

/**
 * The WebSocket APIs in front of the HTTP API on its server: a WebSocket handshake on an API's path goes to its
 * gateway, a request to its management API to {@link ManagementApi}, and anything else on to the HTTP API as before.
 * Jetty's WebSocket server reads the frames and enforces API Gateway's sizes: a frame over 32 KiB or a message over
 * 128 KiB closes the connection with 1009.
 */
public final class LiveEndpoints {
    private LiveEndpoints() {
    }

    public static Handler before(Handler httpApi, Server server, List<LiveGateway> gateways) {
        if (gateways.isEmpty()) {
            return httpApi;
        }
        var upgrades = WebSocketUpgradeHandler.from(server, container -> {
            container.setMaxFrameSize(WebSocketApiSpec.MAX_FRAME_BYTES);
            // a larger frame is refused (Jetty would otherwise split it), and a message is sent in one frame
            container.setAutoFragment(false);
            container.setMaxTextMessageSize(WebSocketApiSpec.MAX_MESSAGE_BYTES);
            container.setMaxBinaryMessageSize(WebSocketApiSpec.MAX_MESSAGE_BYTES);
            gateways.forEach(gateway -> container.addMapping(gateway.path(), gateway::handshake));
        });
        upgrades.setHandler(new ManagementApi(gateways, httpApi));
        return upgrades;
    }
}
