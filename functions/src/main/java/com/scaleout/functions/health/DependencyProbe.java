package com.scaleout.functions.health;

/** One dependency the service cannot work without, checked with a cheap real call. */
public interface DependencyProbe {

    /** Name in the health report, e.g. {@code dynamodb}. */
    String name();

    /** Returns normally when the dependency answers; throws otherwise. */
    void check() throws Exception;
}
