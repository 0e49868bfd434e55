package com.scaleout.functions.social.http;

import java.util.List;

/**
 * Every bad-input sample of {@code events/social/} and the client error it must give: status, and the fields
 * the body's {@code errors} names (none when the problem is not one field's).
 */
final class BadSamples {

    record BadSample(String name, int status, List<String> fields) {
        @Override
        public String toString() {
            return name + " -> " + status + (fields.isEmpty() ? "" : " " + fields);
        }
    }

    static final List<BadSample> ALL = List.of(
            bad("post-users-malformed-json", 400),
            bad("post-users-wrong-types", 400, "username"),
            bad("post-users-missing-fields", 400, "username", "password"),
            bad("post-users-bad-username", 400, "username"),
            bad("post-users-short-password", 400, "password"),
            bad("post-users-common-password", 400, "password"),
            bad("post-users-blank-password", 400, "password"),
            bad("post-users-taken-username", 409),
            bad("post-users-array-body", 400),
            bad("post-users-no-body", 400),

            bad("post-sessions-malformed-json", 400),
            bad("post-sessions-wrong-types", 400, "password"),
            bad("post-sessions-wrong-password", 401),
            bad("post-sessions-unknown-user", 401),
            bad("post-sessions-missing-fields", 401),

            bad("delete-sessions-current-no-authorizer-context", 401),
            bad("get-me-no-authorizer-context", 401),
            bad("patch-me-too-long", 400, "displayName", "bio"),
            bad("patch-me-wrong-types", 400, "displayName"),
            bad("patch-me-malformed-json", 400),
            bad("patch-me-no-authorizer-context", 401),
            bad("get-user-unknown", 404),
            bad("get-user-bad-username", 404),

            bad("post-tweets-empty-text", 400, "text"),
            bad("post-tweets-whitespace-text", 400, "text"),
            bad("post-tweets-too-long", 400, "text"),
            bad("post-tweets-wrong-types", 400, "text"),
            bad("post-tweets-missing-text", 400, "text"),
            bad("post-tweets-malformed-json", 400),
            bad("post-tweets-no-body", 400),
            bad("post-tweets-unknown-parent", 404),
            bad("post-tweets-malformed-parent", 404),
            bad("post-tweets-no-authorizer-context", 401),

            bad("get-tweet-unknown", 404),
            bad("get-tweet-malformed-id", 404),
            bad("delete-tweet-not-author", 403),
            bad("delete-tweet-unknown", 404),
            bad("delete-tweet-no-authorizer-context", 401),
            bad("get-tweets-recent-bad-limit", 400, "limit"),
            bad("get-tweets-recent-bad-cursor", 400, "cursor"),
            bad("get-tweet-replies-unknown", 404),
            bad("get-tweet-replies-bad-limit", 400, "limit"),
            bad("post-tweet-retweets-unknown", 404),
            bad("post-tweet-retweets-malformed-id", 404),
            bad("post-tweet-retweets-no-authorizer-context", 401),
            bad("delete-tweet-retweets-no-authorizer-context", 401),
            bad("get-tweet-retweets-unknown", 404),
            bad("get-tweet-retweets-bad-cursor", 400, "cursor"),
            bad("put-tweet-likes-me-unknown", 404),
            bad("put-tweet-likes-me-no-authorizer-context", 401),
            bad("delete-tweet-likes-me-unknown", 404),
            bad("delete-tweet-likes-me-no-authorizer-context", 401),
            bad("get-tweet-likes-unknown", 404),
            bad("get-user-likes-unknown-user", 404),
            bad("get-tweet-unknown-token", 401),

            bad("get-user-tweets-bad-limit", 400, "limit"),
            bad("get-user-tweets-limit-101", 400, "limit"),
            bad("get-user-tweets-negative-limit", 400, "limit"),
            bad("get-user-tweets-non-numeric-limit", 400, "limit"),
            bad("get-user-tweets-bad-cursor", 400, "cursor"),
            bad("get-user-tweets-unknown-user", 404),
            bad("get-user-replies-unknown-user", 404),
            bad("get-user-replies-bad-cursor", 400, "cursor"),
            bad("get-user-mentions-unknown-user", 404),
            bad("get-user-mentions-bad-limit", 400, "limit"),
            bad("get-hashtag-tweets-too-long-tag", 400, "tag"),
            bad("get-hashtag-tweets-bad-cursor", 400, "cursor"),

            bad("put-following-self", 400, "username"),
            bad("put-following-unknown", 404),
            bad("put-following-no-authorizer-context", 401),
            bad("delete-following-unknown", 404),
            bad("delete-following-no-authorizer-context", 401),
            bad("get-user-followers-unknown", 404),
            bad("get-user-followers-bad-cursor", 400, "cursor"),
            bad("get-user-following-unknown", 404),
            bad("get-user-following-bad-limit", 400, "limit"),

            bad("get-timeline-no-authorizer-context", 401),
            bad("get-timeline-bad-limit", 400, "limit"),
            bad("get-timeline-bad-cursor", 400, "cursor"),
            bad("get-me-recommendations-no-authorizer-context", 401),

            bad("get-search-empty-q", 400, "q"),
            bad("get-search-missing-q", 400, "q"),
            bad("get-search-too-long", 400, "q"),
            bad("get-search-too-many-terms", 400, "q"),
            bad("get-search-limit-0", 400, "limit"),
            bad("get-search-limit-51", 400, "limit"),
            bad("get-search-bad-cursor", 400, "cursor"));

    private BadSamples() {
    }

    private static BadSample bad(String name, int status, String... fields) {
        return new BadSample(name, status, List.of(fields));
    }
}
