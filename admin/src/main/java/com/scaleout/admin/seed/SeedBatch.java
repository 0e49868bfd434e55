package com.scaleout.admin.seed;

import com.scaleout.functions.social.application.FollowStore.Edge;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.User;
import java.util.List;
import java.util.Map;

/**
 * What one seeding request writes: new accounts with their final counts, their follow edges and tweets (with the
 * reply counts among them), and the follower counts to add to accounts seeded earlier.
 */
public record SeedBatch(List<User> users, List<Edge> edges, List<Tweet> tweets,
                        Map<String, Long> followersAddedToEarlier) {
    public SeedBatch {
        users = List.copyOf(users);
        edges = List.copyOf(edges);
        tweets = List.copyOf(tweets);
        followersAddedToEarlier = Map.copyOf(followersAddedToEarlier);
    }
}
