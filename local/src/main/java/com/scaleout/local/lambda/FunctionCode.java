package com.scaleout.local.lambda;

import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.Settings;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import java.io.IOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * What an execution environment runs: either the runtime's own classes and the JVM's system properties (test
 * declarations, whose handlers' statics the tests inspect), or a Lambda artifact loaded afresh for each environment
 * by an {@link EnvironmentClassLoader}, whose code sees exactly its function's variables, as in Lambda.
 */
public final class FunctionCode {
    private static final Logger LOG = Logger.getLogger(FunctionCode.class.getName());
    /** The class whose environment's own copy is handed the variables (see {@link RuntimeEnvironment#useOnly}). */
    static final String RUNTIME_ENVIRONMENT = RuntimeEnvironment.class.getName();

    private final Path jar;
    private final Supplier<Map<String, String>> environment;

    private FunctionCode(Path jar, Supplier<Map<String, String>> environment) {
        this.jar = jar;
        this.environment = environment;
    }

    /** The runtime's own class loader and the JVM's system properties, shared by every environment. */
    public static FunctionCode shared() {
        return new FunctionCode(null, Map::of);
    }

    /** A fresh class loader over {@code jar} for each environment, whose code sees exactly {@code environment}. */
    public static FunctionCode artifact(Path jar, Map<String, String> environment) {
        var variables = Map.copyOf(environment);
        return artifact(jar, () -> variables);
    }

    /**
     * As {@link #artifact(Path, Map)}, the variables read at each environment's start: the runtime learns its
     * backends' endpoints only after the functions are set up.
     */
    public static FunctionCode artifact(Path jar, Supplier<Map<String, String>> environment) {
        Objects.requireNonNull(environment, "environment");
        if (!Files.isRegularFile(jar)) {
            throw new IllegalStateException("no Lambda artifact at " + jar + ": build it first (./scaleout build, or "
                    + "mvn -o package -DskipTests from the repository's root)");
        }
        return new FunctionCode(jar, environment);
    }

    /** Whether each environment loads a Lambda artifact of its own (else the runtime's own classes). */
    public boolean isArtifact() {
        return jar != null;
    }

    /** The class loader and variables of one new environment of {@code function}. */
    Loaded load(FunctionSpec function) throws ReflectiveOperationException {
        ClassLoader runtime = FunctionCode.class.getClassLoader();
        if (jar == null) {
            return new Loaded(runtime, null);
        }
        var loader = EnvironmentClassLoader.overArtifact(function.name(), runtime, url(jar));
        try {
            Class<?> configuration = Class.forName(RUNTIME_ENVIRONMENT, true, loader);
            // an artifact without its own copy (a test's jar of one handler) reads nothing through it
            if (configuration.getClassLoader() == loader) {
                configuration.getMethod("useOnly", Map.class).invoke(null, variables(function));
            }
            return new Loaded(loader, loader);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            closeQuietly(loader);
            throw e;
        }
    }

    /** The function's variables, with those Lambda itself sets in every function's environment. */
    private Map<String, String> variables(FunctionSpec function) {
        var variables = new LinkedHashMap<>(environment.get());
        // Lambda's reserved variables come with the environment (LocalRuntime adds LambdaVariables.reserved); a
        // pool built without them (a unit test's) still gets the two every function's code may read.
        variables.putIfAbsent(Settings.AWS_REGION.name(), RuntimeEnvironment.region());
        variables.put("AWS_LAMBDA_FUNCTION_NAME", function.name());
        return variables;
    }

    private static URL url(Path jar) {
        try {
            return jar.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException(jar.toString(), e);
        }
    }

    /** An environment's end: its jar is closed; its classes go once nothing refers to them. */
    static void closeQuietly(URLClassLoader loader) {
        try {
            loader.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "closing " + loader.getName(), e);
        }
    }

    /** One environment's classes; {@code own} is its loader when the environment has one of its own to close. */
    record Loaded(ClassLoader classLoader, URLClassLoader own) {
        void close() {
            if (own != null) {
                closeQuietly(own);
            }
        }
    }
}
