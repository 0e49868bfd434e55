package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.failure.InvalidInputException;
import com.scaleout.functions.shared.failure.NotFoundException;
import com.scaleout.functions.shared.failure.ConflictException;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.social.domain.HandleLookAlikes;
import com.scaleout.functions.social.domain.ProfileTexts;
import com.scaleout.functions.social.domain.Times;
import com.scaleout.functions.social.domain.User;
import com.scaleout.functions.social.domain.Usernames;
import java.time.Clock;
import com.scaleout.functions.shared.failure.NotAuthenticatedException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** Registration and profiles. */
public final class AccountService {
    public static final int MAX_DISPLAY_NAME = 50;
    public static final int MAX_BIO = 160;

    private final UserStore users;
    private final AuthorNames authorNames;
    private final PasswordHasher passwords;
    private final PasswordPolicy policy = new PasswordPolicy();
    private final Clock clock;

    public AccountService(UserStore users, AuthorNames authorNames, PasswordHasher passwords, Clock clock) {
        this.users = users;
        this.authorNames = authorNames;
        this.passwords = passwords;
        this.clock = clock;
    }

    public record Registration(String username, String password, String displayName) {
        @Override
        public String toString() {
            return "Registration[username=" + username + "]"; // never the password
        }
    }

    public User register(Registration registration) {
        var errors = new ArrayList<InvalidInputException.Problem>();
        if (registration.username() == null) {
            errors.add(new InvalidInputException.Problem("username", "is required"));
        } else if (!Usernames.isValid(registration.username())) {
            errors.add(new InvalidInputException.Problem("username", "must be 3-15 letters, digits or underscores"));
        }
        String password = registration.password();
        if (password == null) {
            errors.add(new InvalidInputException.Problem("password", "is required"));
        } else {
            policy.problem(password).ifPresent(problem -> errors.add(new InvalidInputException.Problem("password", problem)));
        }
        String displayName = stripped(registration.displayName());
        checkLength(errors, "displayName", displayName, MAX_DISPLAY_NAME);
        ProfileTexts.displayNameProblem(displayName)
                .ifPresent(problem -> errors.add(new InvalidInputException.Problem("displayName", problem)));
        if (errors.isEmpty() && !displayName.isEmpty()) {
            checkNotAnotherHandle(errors, displayName, registration.username());
        }
        if (!errors.isEmpty()) {
            throw InvalidInputException.fields(errors);
        }
        var user = new User(Ids.newId(), registration.username(),
                displayName.isEmpty() ? registration.username() : displayName,
                Times.format(clock.instant()), passwords.hash(password), 0, 0, 0);
        try {
            users.create(user);
        } catch (UserStore.UsernameTaken e) {
            throw new ConflictException("Username is taken");
        }
        return user;
    }

    /**
     * A change of the caller's profile: each field given (null or blank resets it: the display name to the
     * username, the bio to none), each absent left as it is. Texts are trimmed, as at registration.
     */
    public record ProfileChange(Optional<String> displayName, Optional<String> bio) {
    }

    public User editProfile(Actor actor, ProfileChange change) {
        var errors = new ArrayList<InvalidInputException.Problem>();
        Optional<String> displayName = change.displayName().map(AccountService::stripped);
        Optional<String> bio = change.bio().map(AccountService::stripped);
        displayName.ifPresent(name -> checkLength(errors, "displayName", name, MAX_DISPLAY_NAME));
        displayName.flatMap(ProfileTexts::displayNameProblem)
                .ifPresent(problem -> errors.add(new InvalidInputException.Problem("displayName", problem)));
        bio.ifPresent(text -> checkLength(errors, "bio", text, MAX_BIO));
        bio.flatMap(ProfileTexts::bioProblem)
                .ifPresent(problem -> errors.add(new InvalidInputException.Problem("bio", problem)));
        if (errors.isEmpty()) {
            displayName.filter(name -> !name.isEmpty())
                    .ifPresent(name -> checkNotAnotherHandle(errors, name, username(actor)));
        }
        if (!errors.isEmpty()) {
            throw InvalidInputException.fields(errors);
        }
        var edit = new UserStore.ProfileEdit(
                displayName.map(name -> name.isEmpty() ? username(actor) : name), bio);
        User edited = users.editProfile(actor.userId(), edit)
                .orElseThrow(() -> new NotAuthenticatedException("Account no longer exists"));
        if (edit.displayName().isPresent()) {
            authorNames.renamed(edited); // right after the write, so the next page of tweets shows the new name
        }
        return edited;
    }

    /**
     * The look-alike policy ({@link HandleLookAlikes}): a display name may not pass for another account's handle;
     * the account's own is fine. One GetItem per handle the name could pass for (at most three).
     */
    private void checkNotAnotherHandle(List<InvalidInputException.Problem> errors, String displayName,
                                       String ownUsername) {
        for (String handle : HandleLookAlikes.candidates(displayName)) {
            if (handle.equals(Usernames.normalize(ownUsername))) {
                continue;
            }
            users.findByUsername(handle).filter(other -> HandleLookAlikes.confusable(displayName, other.username()))
                    .ifPresent(other -> errors.add(new InvalidInputException.Problem("displayName",
                            "must not look like another account's handle (@" + other.username() + ")")));
            if (!errors.isEmpty()) {
                return;
            }
        }
    }

    /** The actor's username: from the session's context, or the account for a context without it. */
    private String username(Actor actor) {
        return actor.username() != null ? actor.username() : me(actor).username();
    }

    /** Trimmed; null counts as empty. */
    private static String stripped(String text) {
        return text == null ? "" : text.strip();
    }

    private static void checkLength(List<InvalidInputException.Problem> errors, String field, String text, int max) {
        if (text.codePointCount(0, text.length()) > max) {
            errors.add(new InvalidInputException.Problem(field, "must be at most " + max + " characters"));
        }
    }

    public User profile(String username) {
        if (!Usernames.isValid(username)) {
            throw new NotFoundException("No such user");
        }
        return users.findByUsername(username).orElseThrow(() -> new NotFoundException("No such user"));
    }

    public User me(Actor actor) {
        return users.findById(actor.userId()).orElseThrow(() -> new NotFoundException("No such user"));
    }
}
