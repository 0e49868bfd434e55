package com.scaleout.functions.admin.application;

/** Hands out account indexes for seeding, each once, also to requests running at the same time. */
public interface SeedIndexCounter {
    /** The first of {@code count} indexes no other request gets. */
    long claim(int count);
}
