package com.scaleout.functions.social.application;

import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.User;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The current display names of the authors of a page of tweets: one batch read of the page's distinct authors
 * (at most a page's size), so that an edited name shows on old tweets too. A tweet stores its author's username
 * only, which never changes.
 */
public final class AuthorNames {
    private final UserStore users;

    public AuthorNames(UserStore users) {
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
        for (User author : users.findByIds(List.copyOf(authors))) {
            names.put(author.id(), author.displayName());
        }
        return names;
    }
}
