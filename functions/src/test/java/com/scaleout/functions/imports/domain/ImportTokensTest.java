package com.scaleout.functions.imports.domain;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Import tokens: their shape, the key id they name, and the only thing stored of them, their hash. */
class ImportTokensTest {

    @Test
    void aTokenIsItsKeyIdADotAndA256BitSecretInBase64Url() {
        var issued = ImportTokens.issue();

        assertThat(issued.keyId()).matches("[A-Za-z0-9_-]{16}");
        assertThat(issued.token()).matches("[A-Za-z0-9_-]{16}\\.[A-Za-z0-9_-]{43}");
        assertThat(issued.token()).startsWith(issued.keyId() + ".");
        assertThat(ImportTokens.keyIdOf(issued.token())).contains(issued.keyId());
    }

    @Test
    void everyIssueIsNew() {
        var keyIds = new HashSet<String>();
        var secrets = new HashSet<String>();
        for (int i = 0; i < 1_000; i++) {
            var issued = ImportTokens.issue();
            keyIds.add(issued.keyId());
            secrets.add(issued.token().substring(17));
        }

        assertThat(keyIds).hasSize(1_000);
        assertThat(secrets).hasSize(1_000);
    }

    /** Base64url's '-' and '_' begin one id in 32; a shell command line takes "-..." for an option. */
    @Test
    void aKeyIdBeginsWithALetterOrDigit() {
        for (int i = 0; i < 2_000; i++) {
            assertThat(ImportTokens.issue().keyId()).matches("[A-Za-z0-9][A-Za-z0-9_-]{15}");
        }
    }

    @ParameterizedTest(name = "\"{0}\"")
    @ValueSource(strings = {
        "",
        "AsqqzAAqBSVrZe1F",
        "AsqqzAAqBSVrZe1FZt1FKVSlguUwRRTpy7pmCL3SDhUvwVq3qLFDFLkPlWo0",
        "AsqqzAAqBSVrZe1.FZt1FKVSlguUwRRTpy7pmCL3SDhUvwVq3qLFDFLkPlWo",
        "AsqqzAAqBSVrZe1F.Zt1FKVSlguUwRRTpy7pmCL3SDhUvwVq3qLFDFLkPlW",
        "AsqqzAAqBSVrZe1F.Zt1FKVSlguUwRRTpy7pmCL3SDhUvwVq3qLFDFLkPlWoo"})
    void aStringOfAnotherShapeNamesNoKey(String token) {
        assertThat(ImportTokens.keyIdOf(token)).isEmpty();
    }

    @Test
    void theHashIsTheHexSha256OfTheToken() {
        assertThat(ImportTokens.hash("abc"))
                .isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assertThat(ImportTokens.hash(ImportTokens.issue().token())).matches("[0-9a-f]{64}");
    }

    @Test
    void aTokenMatchesItsOwnHashOnly() {
        String token = ImportTokens.issue().token();
        String other = ImportTokens.issue().token();
        String stored = ImportTokens.hash(token);

        assertThat(ImportTokens.matches(token, stored)).isTrue();
        assertThat(ImportTokens.matches(other, stored)).isFalse();
        assertThat(ImportTokens.matches(token, stored.substring(0, 63))).isFalse();
        assertThat(ImportTokens.matches(token, stored.toUpperCase(java.util.Locale.ROOT))).isFalse();
        assertThat(ImportTokens.matches(token, token)).isFalse();
    }
}
