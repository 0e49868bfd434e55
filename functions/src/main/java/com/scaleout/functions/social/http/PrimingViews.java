package com.scaleout.functions.social.http;

import com.scaleout.functions.shared.snapstart.PrimingRequests;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.User;
import java.util.List;
import java.util.Optional;

/** Made-up values of the social types, for priming to serialize: nothing in them is anyone's. */
final class PrimingViews {
    static final User USER = new User(PrimingRequests.MISSING_ID, "snapstart", "SnapStart", "1970-01-01T00:00:00Z",
            null, 0, 0, 0);
    static final Tweet TWEET = new Tweet(PrimingRequests.MISSING_ID, USER.id(), USER.username(), "priming #snapstart",
            USER.createdAt(), Optional.empty(), List.of("snapstart"), List.of(new Mention(USER.id(), USER.username())),
            0, 0);

    private PrimingViews() {
    }
}
