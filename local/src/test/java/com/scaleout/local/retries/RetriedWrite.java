package com.scaleout.local.retries;

import com.scaleout.local.testing.ApiClient.Reply;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * One write route under the lost-answers fault: what it needs made first (outside the fault), the request, the status
 * it must answer, and what must hold afterwards (one item, each counter moved once).
 *
 * @param status  the route's normal success
 * @param writes  whether the route writes at all (a validation does not: no answer of it can be lost)
 * @param prepare makes what the request needs, and returns the request with its checks
 */
record RetriedWrite(int status, boolean writes, Function<Stage, Attempt> prepare) {

    /** The request, sent under the fault, and the checks of its outcome, made after it. */
    record Attempt(Supplier<Reply> request, Consumer<Reply> verify) {
    }

    static RetriedWrite write(int status, Function<Stage, Attempt> prepare) {
        return new RetriedWrite(status, true, prepare);
    }

    static RetriedWrite readOnly(int status, Function<Stage, Attempt> prepare) {
        return new RetriedWrite(status, false, prepare);
    }
}
