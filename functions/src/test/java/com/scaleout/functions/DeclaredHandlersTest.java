package com.scaleout.functions;

import static org.assertj.core.api.Assertions.assertThat;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import java.lang.reflect.Modifier;
import com.scaleout.functions.shared.snapstart.Primed;
import org.junit.jupiter.api.Test;

/** Every declared handler exists in this artifact and can be built the way Lambda builds it. */
class DeclaredHandlersTest {

    @Test
    void everyDeclaredHandlerIsAPublicRequestHandlerWithANoArgConstructor() throws Exception {
        for (FunctionSpec function : ScaleoutDeclaration.declaration().functions()) {
            Class<?> handler = Class.forName(function.handler());
            assertThat(RequestHandler.class).as(function.name()).isAssignableFrom(handler);
            assertThat(Modifier.isPublic(handler.getModifiers())).as(function.name()).isTrue();
            assertThat(Modifier.isPublic(handler.getConstructor().getModifiers())).as(function.name()).isTrue();
        }
    }

    @Test
    void everyDeclaredHandlerHasSnapStartHooks() throws Exception {
        for (FunctionSpec function : ScaleoutDeclaration.declaration().functions()) {
            assertThat(Primed.class).as(function.name()).isAssignableFrom(Class.forName(function.handler()));
        }
    }
}
