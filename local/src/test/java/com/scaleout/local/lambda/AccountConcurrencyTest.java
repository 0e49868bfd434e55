package com.scaleout.local.lambda;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.declaration.FunctionSpec;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class AccountConcurrencyTest {
    private static final FunctionSpec RESERVED = FunctionSpec.of("Reserved", "x.Reserved").reservedConcurrency(30);
    private static final FunctionSpec FIRST = FunctionSpec.of("First", "x.First");
    private static final FunctionSpec SECOND = FunctionSpec.of("Second", "x.Second");

    private final AccountConcurrency account = AccountConcurrency.of(100, List.of(RESERVED, FIRST, SECOND));

    private int startUpTo(String function, int times) {
        return (int) IntStream.range(0, times).filter(i -> account.tryStart(function)).count();
    }

    @Test
    void aReservedFunctionRunsUpToItsReservationAndNoFurther() {
        assertThat(startUpTo("Reserved", 31)).isEqualTo(30);
        assertThat(account.limitOf("Reserved")).isEqualTo("reserved concurrency of 30");

        account.finish("Reserved");
        assertThat(account.tryStart("Reserved")).as("a finished execution is free again").isTrue();
    }

    @Test
    void functionsWithoutReservationShareWhatTheReservationsLeave() {
        assertThat(startUpTo("First", 60)).isEqualTo(60);
        assertThat(startUpTo("Second", 20)).as("70 unreserved, 60 taken by First").isEqualTo(10);
        assertThat(account.limitOf("Second")).isEqualTo("account concurrency limit of 100 (70 unreserved)");

        account.finish("First");
        assertThat(account.tryStart("Second")).isTrue();
        assertThat(account.running("First")).isEqualTo(59);
        assertThat(account.running("Second")).isEqualTo(11);
    }

    @Test
    void aReservationIsKeptForItsFunctionWhenTheOthersUseUpTheRest() {
        startUpTo("First", 70);

        assertThat(account.tryStart("First")).isFalse();
        assertThat(startUpTo("Reserved", 30)).isEqualTo(30);
    }

    @Test
    void withoutReservationsEveryFunctionMayScaleToTheWholeLimit() {
        var open = AccountConcurrency.of(AccountConcurrency.DEFAULT_LIMIT, List.of(FIRST, SECOND));

        assertThat(IntStream.range(0, 1001).filter(i -> open.tryStart("First")).count()).isEqualTo(1000);
        assertThat(open.tryStart("Second")).isFalse();
    }

    @Test
    void reservationsMustLeaveTheUnreservedMinimumAsLambdaRequires() {
        var greedy = FunctionSpec.of("Greedy", "x.Greedy").reservedConcurrency(901);

        assertThatThrownBy(() -> AccountConcurrency.of(1000, List.of(greedy, FIRST)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 100 must stay unreserved")
                .hasMessageContaining("SCALEOUT_ACCOUNT_CONCURRENCY");
        assertThat(AccountConcurrency.of(1000, List.of(greedy.reservedConcurrency(900))).tryStart("Greedy"))
                .isTrue();
    }

    @Test
    void finishingMoreThanStartedIsABug() {
        assertThatThrownBy(() -> account.finish("First")).isInstanceOf(IllegalStateException.class);
    }
}
