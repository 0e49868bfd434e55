package com.scaleout.local.cost;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The rules of "DynamoDB item sizes and formats", one by one. */
class ItemSizeTest {

    @Test
    void aStringIsItsNameAndValueInUtf8() {
        assertThat(ItemSize.of(Map.of("id", AttributeValue.fromS("abc")))).isEqualTo(2 + 3);
        assertThat(ItemSize.of(Map.of("é", AttributeValue.fromS("日本")))).isEqualTo(2 + 6);
    }

    @Test
    void aNumberIsOneBytePerTwoSignificantDigitsPlusOne() {
        assertThat(ItemSize.number("7")).isEqualTo(2);
        assertThat(ItemSize.number("123")).isEqualTo(3);
        assertThat(ItemSize.number("1234")).isEqualTo(3);
        // leading and trailing zeroes are trimmed
        assertThat(ItemSize.number("100")).isEqualTo(2);
        assertThat(ItemSize.number("0.00100")).isEqualTo(2);
        assertThat(ItemSize.number("-12345.6700")).isEqualTo(5);
        assertThat(ItemSize.of(Map.of("n", AttributeValue.fromN("1700000000000")))).isEqualTo(1 + 2);
    }

    @Test
    void binaryIsItsRawBytesNullAndBooleanOneByte() {
        assertThat(ItemSize.of(Map.of("b", AttributeValue.fromB(SdkBytes.fromByteArray(new byte[10])))))
                .isEqualTo(1 + 10);
        assertThat(ItemSize.of(Map.of("t", AttributeValue.fromBool(true)))).isEqualTo(2);
        assertThat(ItemSize.of(Map.of("z", AttributeValue.fromNul(true)))).isEqualTo(2);
    }

    @Test
    void setsAreTheSumOfTheirElements() {
        assertThat(ItemSize.of(Map.of("ss", AttributeValue.fromSs(List.of("ab", "cde"))))).isEqualTo(2 + 5);
        assertThat(ItemSize.of(Map.of("ns", AttributeValue.fromNs(List.of("1", "123"))))).isEqualTo(2 + 2 + 3);
    }

    @Test
    void listsAndMapsCostThreeBytesPlusOnePerElement() {
        assertThat(ItemSize.of(Map.of("l", AttributeValue.fromL(List.of())))).isEqualTo(1 + 3);
        assertThat(ItemSize.of(Map.of("l", AttributeValue.fromL(List.of(AttributeValue.fromS("ab"),
                AttributeValue.fromN("1")))))).isEqualTo(1 + 3 + (1 + 2) + (1 + 2));
        assertThat(ItemSize.of(Map.of("m", AttributeValue.fromM(Map.of("a", AttributeValue.fromN("1"))))))
                .isEqualTo(1 + 3 + (1 + 1 + 2));
    }

    @Test
    void noItemIsNothing() {
        assertThat(ItemSize.of(null)).isZero();
        assertThat(ItemSize.of(Map.of())).isZero();
    }
}
