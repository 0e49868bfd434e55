package com.scaleout.functions.social.application;

import java.util.Collection;
import java.util.Map;

/** Display names by user id, in front of the Users table's batch read (see {@link AuthorNames}). May be lost. */
public interface AuthorNameCache {
    /** The cached names of these users; a user without one is left out. */
    Map<String, String> get(Collection<String> userIds);

    /**
     * Caches names just read from the Users table, each only where no name is cached: a fill that read the table
     * before a profile edit must not overwrite the name the edit wrote.
     */
    void fill(Map<String, String> namesByUserId);

    /** Caches a name just written to the Users table, over whatever was cached. */
    void replace(String userId, String displayName);
}
