package com.scaleout.functions.social.domain;

/** Whether the calling user has retweeted and liked a tweet. */
public record CallerState(boolean retweeted, boolean liked) {
    public static final CallerState NONE = new CallerState(false, false);

    public CallerState withRetweeted(boolean now) {
        return new CallerState(now, liked);
    }

    public CallerState withLiked(boolean now) {
        return new CallerState(retweeted, now);
    }
}
