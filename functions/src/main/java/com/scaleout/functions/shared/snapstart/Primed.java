package com.scaleout.functions.shared.snapstart;

/**
 * A handler with SnapStart hooks. Lambda's runtime calls them through the CRaC context; tests reach them here, to
 * call them as the runtime would around a snapshot.
 */
public interface Primed {
    Priming priming();
}
