package com.scaleout.functions;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import com.scaleout.declaration.Artifact;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.declaration.Settings;
import com.scaleout.declaration.StreamConsumerSpec;
import com.scaleout.functions.shared.snapstart.Primed;
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

    /**
     * The consumers declared without the cache run outside its VPC: even where a cache is configured (locally every
     * function sees REDIS_URL), they build no connection to it, priming included.
     */
    @Test
    void theStreamConsumersDeclaredWithoutTheCacheHoldNoCacheConnection() throws Exception {
        var declaration = ScaleoutDeclaration.declaration();
        var withoutCache = declaration.streamConsumers().stream().map(StreamConsumerSpec::function).distinct()
                .map(declaration::function).filter(function -> !function.usesRedis())
                .filter(function -> function.artifact() == Artifact.FUNCTIONS).toList();
        assertThat(withoutCache).extracting(FunctionSpec::name)
                .contains(ScaleoutDeclaration.TWEET_INDEXER, ScaleoutDeclaration.IMPORT_CHANGE_LOG);
        System.setProperty(Settings.REDIS_URL.name(), "redis://127.0.0.1:1");
        System.setProperty(Settings.DYNAMODB_ENDPOINT.name(), "http://127.0.0.1:1");
        try {
            for (FunctionSpec function : withoutCache) {
                var handler = (Primed) Class.forName(function.handler()).getConstructor().newInstance();
                assertThat(handler.priming().holdsCacheConnection()).as(function.name()).isFalse();
            }
        } finally {
            System.clearProperty(Settings.REDIS_URL.name());
            System.clearProperty(Settings.DYNAMODB_ENDPOINT.name());
        }
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
