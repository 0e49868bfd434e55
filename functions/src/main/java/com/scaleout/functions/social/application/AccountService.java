package com.scaleout.functions.social.application;

import com.scaleout.functions.shared.failure.InvalidInputException;
import com.scaleout.functions.shared.failure.NotFoundException;
import com.scaleout.functions.shared.failure.ConflictException;
import com.scaleout.functions.shared.ids.Ids;
import com.scaleout.functions.social.domain.Times;
import com.scaleout.functions.social.domain.User;
import com.scaleout.functions.social.domain.Usernames;
import java.time.Clock;
import java.util.ArrayList;

/** Registration and profiles. */
public final class AccountService {
    public static final int MAX_DISPLAY_NAME = 50;

    private final UserStore users;
    private final PasswordHasher passwords;
    private final PasswordPolicy policy = new PasswordPolicy();
    private final Clock clock;

    public AccountService(UserStore users, PasswordHasher passwords, Clock clock) {
        this.users = users;
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
        String displayName = registration.displayName() == null ? null : registration.displayName().strip();
        if (displayName != null && displayName.codePointCount(0, displayName.length()) > MAX_DISPLAY_NAME) {
            errors.add(new InvalidInputException.Problem("displayName", "must be at most " + MAX_DISPLAY_NAME + " characters"));
        }
        if (!errors.isEmpty()) {
            throw InvalidInputException.fields(errors);
        }
        var user = new User(Ids.newId(), registration.username(),
                displayName == null || displayName.isEmpty() ? registration.username() : displayName,
                Times.format(clock.instant()), passwords.hash(password), 0, 0, 0);
        try {
            users.create(user);
        } catch (UserStore.UsernameTaken e) {
            throw new ConflictException("Username is taken");
        }
        return user;
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
