package com.scaleout.functions.testing;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.scaleout.declaration.Artifact;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.functions.shared.snapstart.Primed;
import java.lang.reflect.Modifier;
import java.util.List;

/** What each artifact's tests check of the handlers declared to ship in it, on that module's class path. */
public final class DeclaredHandlerChecks {
    private DeclaredHandlerChecks() {
    }

    /** The functions declared to ship in {@code artifact}. */
    public static List<FunctionSpec> shippedIn(Artifact artifact) {
        return ScaleoutDeclaration.declaration().functions().stream()
                .filter(function -> function.artifact() == artifact)
                .toList();
    }

    /**
     * Each handler declared to ship in {@code artifact} is a public {@link RequestHandler} with a public no-argument
     * constructor (what Lambda builds), on this class path.
     */
    public static void assertBuildableByLambda(Artifact artifact) throws ReflectiveOperationException {
        assertThat(shippedIn(artifact)).as("functions in %s", artifact).isNotEmpty();
        for (FunctionSpec function : shippedIn(artifact)) {
            Class<?> handler = Class.forName(function.handler());
            assertThat(RequestHandler.class).as(function.name()).isAssignableFrom(handler);
            assertThat(Modifier.isPublic(handler.getModifiers())).as(function.name()).isTrue();
            assertThat(Modifier.isPublic(handler.getConstructor().getModifiers())).as(function.name()).isTrue();
        }
    }

    /** Each handler declared to ship in {@code artifact} has the SnapStart hooks. */
    public static void assertHaveSnapStartHooks(Artifact artifact) throws ReflectiveOperationException {
        for (FunctionSpec function : shippedIn(artifact)) {
            assertThat(Primed.class).as(function.name()).isAssignableFrom(Class.forName(function.handler()));
        }
    }
}
