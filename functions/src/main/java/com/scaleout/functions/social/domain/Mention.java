package com.scaleout.functions.social.domain;

/** A mentioned account, as it was when the tweet was written. */
public record Mention(String userId, String username) {
}
