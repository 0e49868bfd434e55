package com.scaleout.bench.capacity;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeyPatternsTest {

    @Test
    void idsBecomePlaceholdersAndAShardsNumberItsPlaceholder() {
        assertThat(KeyPatterns.of("01KBQ3ZC6T7XJ8Y9A0B1C2D3E4")).isEqualTo("{id}");
        assertThat(KeyPatterns.of("likes:01KBQ3ZC6T7XJ8Y9A0B1C2D3E4#7")).isEqualTo("likes:{id}#{n}");
        assertThat(KeyPatterns.of("recent#3")).isEqualTo("recent#{n}");
        assertThat(KeyPatterns.of("3f2b8c1e-5d4a-4b6c-9e8f-0a1b2c3d4e5f")).isEqualTo("{id}");
        assertThat(KeyPatterns.of("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08"))
                .isEqualTo("{id}");
        assertThat(KeyPatterns.of("mark/5hWJCtbDre6vy8vhUU7idErSbeeVMMF2/1796554324460020")).isEqualTo("mark/{id}/{seq}");
        assertThat(KeyPatterns.of("fza-CBOrlk22CvfW")).isEqualTo("{id}");
    }

    @Test
    void namesStayAsMeasuredAndAScanHasNoKey() {
        assertThat(KeyPatterns.of("tag#scaleout#2")).isEqualTo("tag#scaleout#{n}");
        assertThat(KeyPatterns.of("alice")).isEqualTo("alice");
        assertThat(KeyPatterns.of("4821/customers")).isEqualTo("4821/customers"); // a client's table
        assertThat(KeyPatterns.of("reader73pf_2")).isEqualTo("reader73pf_2");
        assertThat(KeyPatterns.of(null)).isEqualTo(KeyPatterns.SCAN);
    }
}
