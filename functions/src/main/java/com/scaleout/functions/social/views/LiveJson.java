package com.scaleout.functions.social.views;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.social.domain.LiveMessage;
import com.scaleout.functions.social.domain.Tweet;
import java.util.List;
import java.util.Map;

/**
 * The live API's messages as JSON text, {@code {"type":T,"stream":S,"data":D}} (docs/asyncapi.yaml): a tweet as GET
 * /tweets/{id} shows it to an anonymous caller, a search page as GET /search answers it.
 */
public final class LiveJson {

    private LiveJson() {
    }

    /** The wire shape; {@code stream} and {@code data} are written as null when there are none. */
    @JsonInclude(JsonInclude.Include.ALWAYS)
    record Envelope(String type, String stream, Object data) {
    }

    /** {@code retryAfter} is left out when there is none. */
    record Problem(String message, int status,
                   @JsonInclude(JsonInclude.Include.NON_NULL) Long retryAfter) {
    }

    record Deleted(String id) {
    }

    /**
     * The message's text.
     *
     * @param displayNames the current display names of the authors of the tweets it shows, by id (a missing one shows
     *                     the username)
     */
    public static String encode(LiveMessage message, Map<String, String> displayNames) {
        return Json.write(switch (message) {
            case LiveMessage.Subscribed m -> new Envelope("subscribed", m.stream(), null);
            case LiveMessage.Unsubscribed m -> new Envelope("unsubscribed", m.stream(), null);
            case LiveMessage.SearchPage m -> new Envelope("page", m.stream(),
                    m.page().map(tweet -> TweetView.of(tweet, displayNames)));
            case LiveMessage.TweetPosted m -> new Envelope("tweet", m.stream(), TweetView.of(m.tweet(), displayNames));
            case LiveMessage.TweetDeleted m -> new Envelope("delete", m.stream(), new Deleted(m.tweetId()));
            case LiveMessage.Refused m -> new Envelope("error", m.stream(), new Problem(m.message(), m.status(),
                    m.retryAfter() > 0 ? m.retryAfter() : null));
        });
    }

    /** A message that shows no tweet. */
    public static String encode(LiveMessage message) {
        return encode(message, Map.of());
    }

    /** The tweets a message shows, whose authors' names it needs. */
    public static List<Tweet> tweetsOf(LiveMessage message) {
        return switch (message) {
            case LiveMessage.SearchPage m -> m.page().items();
            case LiveMessage.TweetPosted m -> List.of(m.tweet());
            default -> List.of();
        };
    }

}
