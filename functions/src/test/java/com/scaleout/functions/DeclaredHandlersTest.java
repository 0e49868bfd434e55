package com.scaleout.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import com.scaleout.declaration.Artifact;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.functions.testing.DeclaredHandlerChecks;
import org.junit.jupiter.api.Test;

/**
 * Every handler declared to ship in the functions' artifact exists in it and can be built the way Lambda builds it;
 * the admin function's does not (it has an artifact of its own, admin/, whose tests check it).
 */
class DeclaredHandlersTest {

    @Test
    void everyDeclaredHandlerIsAPublicRequestHandlerWithANoArgConstructor() throws Exception {
        DeclaredHandlerChecks.assertBuildableByLambda(Artifact.FUNCTIONS);
    }

    @Test
    void everyDeclaredHandlerHasSnapStartHooks() throws Exception {
        DeclaredHandlerChecks.assertHaveSnapStartHooks(Artifact.FUNCTIONS);
    }

    @Test
    void theAdminHandlerIsNotInThisArtifact() {
        assertThat(DeclaredHandlerChecks.shippedIn(Artifact.ADMIN)).isNotEmpty();
        for (FunctionSpec function : DeclaredHandlerChecks.shippedIn(Artifact.ADMIN)) {
            assertThatExceptionOfType(ClassNotFoundException.class).as(function.name())
                    .isThrownBy(() -> Class.forName(function.handler()));
        }
    }
}
