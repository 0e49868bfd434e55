package com.scaleout.functions.social.fakes;

import com.scaleout.functions.social.application.UserStore;
import com.scaleout.functions.social.domain.Mention;
import com.scaleout.functions.social.domain.User;
import com.scaleout.functions.social.domain.Usernames;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/** Accounts in memory; usernames unique regardless of case, counts kept in the {@link User} records. */
public class InMemoryUserStore implements UserStore {
    private final Map<String, User> byId = new HashMap<>();
    private final Map<String, String> idByNormalizedUsername = new HashMap<>();

    @Override
    public synchronized void create(User user) {
        String normalized = Usernames.normalize(user.username());
        if (idByNormalizedUsername.containsKey(normalized) || byId.containsKey(user.id())) {
            throw new UsernameTaken();
        }
        idByNormalizedUsername.put(normalized, user.id());
        byId.put(user.id(), user);
    }

    @Override
    public synchronized Optional<User> findById(String id) {
        return Optional.ofNullable(byId.get(id));
    }

    @Override
    public synchronized Optional<User> findByUsername(String username) {
        if (!Usernames.isValid(username)) {
            return Optional.empty(); // as the DynamoDB store: an invalid name cannot be a key
        }
        return Optional.ofNullable(idByNormalizedUsername.get(Usernames.normalize(username))).map(byId::get);
    }

    @Override
    public synchronized Optional<User> editProfile(String userId, ProfileEdit edit) {
        return Optional.ofNullable(byId.computeIfPresent(userId, (id, user) -> new User(id, user.username(),
                edit.displayName().orElse(user.displayName()), user.createdAt(), user.passwordHash(), user.followers(),
                user.following(), user.tweets(), edit.bio().isEmpty() ? user.bio()
                        : edit.bio().get().isEmpty() ? null : edit.bio().get())));
    }

    @Override
    public synchronized Optional<Credentials> findCredentials(String username) {
        return findByUsername(username).map(user -> new Credentials(user.id(), user.passwordHash()));
    }

    @Override
    public synchronized Optional<String> findIdByUsername(String username) {
        return findByUsername(username).map(User::id);
    }

    @Override
    public synchronized Map<String, Mention> resolveUsernames(Collection<String> normalizedUsernames) {
        var found = new HashMap<String, Mention>();
        for (String normalized : normalizedUsernames) {
            String id = idByNormalizedUsername.get(normalized);
            if (id != null) {
                found.put(normalized, new Mention(id, byId.get(id).username()));
            }
        }
        return found;
    }

    @Override
    public synchronized List<User> findByIds(List<String> ids) {
        return ids.stream().map(byId::get).filter(Objects::nonNull).toList();
    }

    /** Moves a user's counts, as the other stores' transactions do; false when there is no such user. */
    synchronized boolean adjustCounts(String userId, long followers, long following, long tweets) {
        User user = byId.get(userId);
        if (user == null) {
            return false;
        }
        byId.put(userId, new User(user.id(), user.username(), user.displayName(), user.createdAt(),
                user.passwordHash(), user.followers() + followers, user.following() + following,
                user.tweets() + tweets));
        return true;
    }
}
