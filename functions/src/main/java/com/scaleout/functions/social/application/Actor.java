package com.scaleout.functions.social.application;

/** The user a request acts as: taken only from the authorizer's context, never from the body or path. */
public record Actor(String userId, String username, String sessionId) {
}
