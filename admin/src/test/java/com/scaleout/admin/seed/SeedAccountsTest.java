package com.scaleout.admin.seed;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.functions.social.domain.Usernames;
import java.util.HashSet;
import java.util.Locale;
import org.junit.jupiter.api.Test;

class SeedAccountsTest {

    @Test
    void anAccountIsDerivedFromItsIndexAlone() {
        assertThat(SeedAccounts.account(17)).isEqualTo(SeedAccounts.account(17));
        assertThat(SeedAccounts.account(17).username()).endsWith("_h");
    }

    @Test
    void usernamesAreValidAndDistinctRegardlessOfCaseUpToTwoBillionAccounts() {
        var seen = new HashSet<String>();
        for (long index = 0; index < 5_000; index++) {
            String username = SeedAccounts.account(index).username();
            assertThat(Usernames.isValid(username)).as(username).isTrue();
            assertThat(seen.add(username.toLowerCase(Locale.ROOT))).as(username).isTrue();
        }
        assertThat(Usernames.isValid(SeedAccounts.account(Integer.MAX_VALUE).username())).isTrue();
    }

    @Test
    void displayNamesAreNames() {
        assertThat(SeedAccounts.account(3).displayName()).matches("\\S+ \\S.*");
    }

    @Test
    void aNegativeIndexIsNoAccount() {
        assertThatThrownBy(() -> SeedAccounts.account(-1)).isInstanceOf(IllegalArgumentException.class);
    }
}
