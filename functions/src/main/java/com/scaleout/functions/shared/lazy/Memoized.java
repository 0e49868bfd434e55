package com.scaleout.functions.shared.lazy;

import java.util.function.Supplier;

/** A value made at its first use, then kept (made once even when threads ask at the same time). */
public final class Memoized<T> implements Supplier<T> {
    private final Supplier<T> make;
    private volatile T made;

    private Memoized(Supplier<T> make) {
        this.make = make;
    }

    public static <T> Supplier<T> of(Supplier<T> make) {
        return new Memoized<>(make);
    }

    @Override
    public T get() {
        T value = made;
        if (value == null) {
            synchronized (this) {
                if (made == null) {
                    made = make.get();
                }
                value = made;
            }
        }
        return value;
    }
}
