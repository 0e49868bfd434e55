package com.scaleout.functions.social.application;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.social.domain.Tweet;
import com.scaleout.functions.social.domain.User;
import com.scaleout.functions.social.fakes.InMemoryAuthorNameCache;
import com.scaleout.functions.social.fakes.InMemoryUserStore;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A page's display names cost one cache read of its distinct authors, whatever the page's size, and one batch read
 * of the Users table for the misses only; an edited name replaces the cached one; with the cache down the table
 * answers.
 */
class AuthorNamesTest {
    private final List<List<String>> reads = new ArrayList<>();
    private final InMemoryUserStore users = new InMemoryUserStore() {
        @Override
        public synchronized List<User> findByIds(List<String> ids) {
            reads.add(ids);
            return super.findByIds(ids);
        }
    };

    private final InMemoryAuthorNameCache cache = new InMemoryAuthorNameCache();
    private final AuthorNames authorNames = new AuthorNames(cache, users);

    private static Tweet by(String authorId, String username) {
        return new Tweet("01M7YRRT8000000000000000" + authorId.substring(authorId.length() - 2), authorId, username,
                "hello", "2026-11-20T10:00:00.000Z", Optional.empty(), List.of(), List.of(), 0, 0);
    }

    @BeforeEach
    void twoAccounts() {
        users.create(new User("u-01", "ada", "Ada Lovelace", "2026-11-01T00:00:00Z", "h", 0, 0, 0));
        users.create(new User("u-02", "bob", "bob", "2026-11-01T00:00:00Z", "h", 0, 0, 0));
    }

    @Test
    void onePageIsOneReadOfItsDistinctAuthorsAndAGoneAuthorIsLeftOut() {
        var names = authorNames.of(List.of(by("u-01", "ada"), by("u-02", "bob"), by("u-01", "ada"),
                by("u-03", "gone")));

        assertThat(names).isEqualTo(Map.of("u-01", "Ada Lovelace", "u-02", "bob"));
        assertThat(reads).containsExactly(List.of("u-01", "u-02", "u-03"));
    }

    @Test
    void aWarmPageReadsNoUsersAndAPartlyWarmOneReadsOnlyItsMisses() {
        var page = List.of(by("u-01", "ada"), by("u-02", "bob"));
        authorNames.of(page.subList(0, 1));
        reads.clear();

        assertThat(authorNames.of(page.subList(0, 1))).isEqualTo(Map.of("u-01", "Ada Lovelace"));
        assertThat(reads).as("warm").isEmpty();
        assertThat(authorNames.of(page)).isEqualTo(Map.of("u-01", "Ada Lovelace", "u-02", "bob"));
        assertThat(reads).as("the miss only").containsExactly(List.of("u-02"));
    }

    @Test
    void aRenameReplacesTheCachedNameAtOnce() {
        var page = List.of(by("u-01", "ada"));
        authorNames.of(page);
        var renamed = users.editProfile("u-01", new UserStore.ProfileEdit(Optional.of("Countess"), Optional.empty()))
                .orElseThrow();

        authorNames.renamed(renamed);

        assertThat(authorNames.of(page)).isEqualTo(Map.of("u-01", "Countess"));
    }

    @Test
    void withTheCacheDownNamesComeFromTheTableAndARenameStillPasses() {
        cache.setAvailable(false);
        var page = List.of(by("u-01", "ada"), by("u-02", "bob"));

        assertThat(authorNames.of(page)).isEqualTo(Map.of("u-01", "Ada Lovelace", "u-02", "bob"));
        assertThat(authorNames.of(page)).isEqualTo(Map.of("u-01", "Ada Lovelace", "u-02", "bob"));
        assertThat(reads).hasSize(2);
        authorNames.renamed(users.findById("u-01").orElseThrow()); // no exception: the edit stands
    }

    @Test
    void anEmptyPageReadsNothing() {
        assertThat(authorNames.of(List.of())).isEmpty();
        assertThat(reads).isEmpty();
    }
}
