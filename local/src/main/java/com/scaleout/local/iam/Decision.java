package com.scaleout.local.iam;

/** The outcome of evaluating a request against identity-based policies, in IAM's terms. */
public enum Decision {
    /** An Allow statement matched and no Deny statement did. */
    ALLOW,
    /** A Deny statement matched: it wins over any Allow. */
    EXPLICIT_DENY,
    /** No statement matched: IAM denies by default. */
    IMPLICIT_DENY;

    public boolean allowed() {
        return this == ALLOW;
    }
}
