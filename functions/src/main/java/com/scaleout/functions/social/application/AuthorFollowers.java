package com.scaleout.functions.social.application;

import java.util.Collection;
import java.util.Set;

/** An author's followers, as the live pusher needs them for the home streams (the fanout's reads, in its batch). */
public interface AuthorFollowers {
    /** For a pusher whose streams do not depend on who follows whom. */
    AuthorFollowers NONE = new AuthorFollowers() {
        @Override
        public long count(String authorId) {
            return 0;
        }

        @Override
        public Set<String> all(String authorId) {
            return Set.of();
        }

        @Override
        public Set<String> among(String authorId, Collection<String> candidates) {
            return Set.of();
        }
    };

    /** How many follow the author (the profile's count). */
    long count(String authorId);

    /** Every follower. */
    Set<String> all(String authorId);

    /** The candidates who follow the author. */
    Set<String> among(String authorId, Collection<String> candidates);
}
