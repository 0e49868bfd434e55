package com.scaleout.local.template;

/**
 * The template holds something the local runtime cannot turn into a local name (an intrinsic function, a
 * resource type or attribute it does not know), or lacks something it needs: never a silent null.
 */
public final class UnresolvableTemplateException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UnresolvableTemplateException(String message) {
        super(message);
    }
}
