package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.logging.ThrottledLogs;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.User;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The current display names of the authors of a page of tweets, so that an edited name shows on old tweets too (a
 * tweet stores its author's username only, which never changes). Read through the name cache: the page's distinct
 * authors (at most a page's size) in one cache read, only the misses in one batch read of the Users table. With the
 * cache down every name comes from the table.
 */
public final class AuthorNames {
    private static final Logger LOG = Logger.getLogger(AuthorNames.class.getName());
    private static final org.apache.logging.log4j.Logger CACHE_DOWN = ThrottledLogs.cacheDown();

    private final AuthorNameCache cache;
    private final UserStore users;

    public AuthorNames(AuthorNameCache cache, UserStore users) {
        this.cache = cache;
        this.users = users;
    }

    /** Display name by author id; an author whose account is gone is left out (a view shows the username). */
    public Map<String, String> of(Collection<Tweet> tweets) {
        var authors = new LinkedHashSet<String>();
        tweets.forEach(tweet -> authors.add(tweet.authorId()));
        if (authors.isEmpty()) {
            return Map.of();
        }
        var names = new HashMap<String, String>();
        try {
            names.putAll(cache.get(authors));
        } catch (RuntimeException cacheDown) {
            CACHE_DOWN.warn("author name cache unavailable; reading DynamoDB", cacheDown);
        }
        List<String> missing = authors.stream().filter(id -> !names.containsKey(id)).toList();
        if (missing.isEmpty()) {
            return names;
        }
        var loaded = new HashMap<String, String>();
        for (User author : users.findByIds(missing)) {
            loaded.put(author.id(), author.displayName());
        }
        names.putAll(loaded);
        try {
            cache.fill(loaded);
        } catch (RuntimeException cacheDown) {
            LOG.log(Level.FINE, "author name cache unavailable", cacheDown);
        }
        return names;
    }

    /**
     * A display name just written to the Users table, so that the next page shows it. With the cache down the edit
     * stands and the old name may show until its cached copy expires (docs/data-model.md, known limits).
     */
    public void renamed(User user) {
        try {
            cache.replace(user.id(), user.displayName());
        } catch (RuntimeException cacheDown) {
            CACHE_DOWN.warn("author name cache unavailable; the old display name shows until it expires", cacheDown);
        }
    }
}
