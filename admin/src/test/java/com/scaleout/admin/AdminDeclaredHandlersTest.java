package com.scaleout.admin;

import com.scaleout.declaration.Artifact;
import com.scaleout.functions.testing.DeclaredHandlerChecks;
import org.junit.jupiter.api.Test;

/** The handlers declared to ship in the admin artifact exist in it and can be built the way Lambda builds them. */
class AdminDeclaredHandlersTest {

    @Test
    void everyDeclaredHandlerIsAPublicRequestHandlerWithANoArgConstructor() throws Exception {
        DeclaredHandlerChecks.assertBuildableByLambda(Artifact.ADMIN);
    }

    @Test
    void everyDeclaredHandlerHasSnapStartHooks() throws Exception {
        DeclaredHandlerChecks.assertHaveSnapStartHooks(Artifact.ADMIN);
    }
}
