package com.scaleout.local.testing;

import com.scaleout.declaration.ScaleoutDeclaration;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ExtensionContext.Namespace;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Gives each {@link ProductionApiIT} its production stack. One stack per test JVM ({@link #shared}), started by the
 * first class that needs it and kept warm for every class after it: those keep their data apart by unique names, so
 * no reset between them. A class marked {@link OwnStack} gets a stack of its own, over emptied stores, closed after
 * it. Whatever else resets the shared backends (a class starting a runtime of its own) closes the shared stack
 * first, and the next class that shares starts a new one.
 *
 * <p>The shared stack is the JVM's, not JUnit's root store's: failsafe hands a forked JVM its classes one launch at
 * a time, and each launch has a root store of its own.
 */
public final class ProductionStacks implements BeforeAllCallback {
    private static final Namespace NAMESPACE = Namespace.create(ProductionStacks.class);
    private static final Stack SHARED = new Stack();

    static {
        SharedBackends.beforeEveryReset(SHARED::close);
        // if the launcher session's end did not close it (SharedStackClosing): a runtime writes the AWS calls it
        // saw (iam-calls.tsv, for the permission check) as it closes
        Runtime.getRuntime().addShutdownHook(new Thread(SHARED::close, "close-shared-stack"));
    }

    /** The JVM's shared production stack, started if none runs. */
    public static RuntimeFixture shared() {
        return SHARED.current();
    }

    /** Closes the shared stack, if one runs (at the end of the JVM's tests: {@link SharedStackClosing}). */
    static void closeShared() {
        SHARED.close();
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        boolean own = AnnotationSupport.isAnnotated(context.getRequiredTestClass(), OwnStack.class);
        ProductionApiIT.use(own ? context.getStore(NAMESPACE).getOrComputeIfAbsent(Stack.class).current() : shared());
    }

    /** A production stack started at first use; a class's own is closed with the class's store. */
    static final class Stack implements ExtensionContext.Store.CloseableResource {
        private RuntimeFixture fixture;

        synchronized RuntimeFixture current() {
            if (fixture == null) {
                try {
                    fixture = RuntimeFixture.start(ScaleoutDeclaration.declaration());
                } catch (Exception e) {
                    throw new IllegalStateException("the production stack did not start", e);
                }
            }
            return fixture;
        }

        @Override
        public synchronized void close() {
            if (fixture != null) {
                fixture.close();
                fixture = null;
            }
        }
    }
}
