package com.scaleout.bench.soak;

/** Every accepted write of a soak run against what the stack shows: the social, album and import checks. */
public final class Reconciler {
    private final StackView stack;

    public Reconciler(StackView stack) {
        this.stack = stack;
    }

    public Findings reconcile(AcceptedWrites writes) {
        var findings = new Findings();
        new SocialChecks(stack, findings).check(writes);
        new StoreChecks(stack, findings).check(writes);
        return findings;
    }
}
