package com.scaleout.local;

import java.io.IOException;
import java.net.BindException;
import java.net.InetSocketAddress;

/** The API's port cannot be bound (most often another stack holds it): the start fails before anything else runs. */
public final class ApiPortTakenException extends IOException {
    private static final long serialVersionUID = 1L;

    private final int port;

    ApiPortTakenException(InetSocketAddress address, BindException cause) {
        super("cannot listen on " + address.getAddress().getHostAddress() + ":" + address.getPort() + " ("
                + cause.getMessage() + "): is another ./scaleout up running? Stop it, or set PORT to another port",
                cause);
        this.port = address.getPort();
    }

    public int port() {
        return port;
    }
}
