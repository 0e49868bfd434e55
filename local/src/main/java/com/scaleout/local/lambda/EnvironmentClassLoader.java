package com.scaleout.local.lambda;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.List;

/**
 * The classes of one execution environment, loaded from its function's Lambda artifact as a fresh JVM would: the
 * handler, the product's code and its libraries come from the artifact (child first), so their static fields, caches
 * and SDK clients belong to this environment alone. Only the packages in {@link #SHARED} come from the runtime's own
 * class loader: the JDK, Lambda's runtime interfaces (the Java runtime supplies those in AWS too), and the libraries
 * the runtime's instruments hook into by global lists (the SDK's interceptors, Lettuce's command listeners, logging).
 */
public final class EnvironmentClassLoader extends URLClassLoader {
    /** Package prefixes loaded from the runtime's class loader, never from the artifact. */
    public static final List<String> SHARED = List.of(
            "java.", "javax.", "jdk.", "sun.", "com.sun.",
            "com.amazonaws.services.lambda.runtime.", // aws-lambda-java-core: the runtime's own interfaces
            "software.amazon.awssdk.", "io.lettuce.", "io.netty.", "reactor.", "org.reactivestreams.",
            "org.apache.logging.", "org.slf4j.");
    /** aws-lambda-java-events sits under the core's package but ships in the artifact. */
    private static final String EVENTS = "com.amazonaws.services.lambda.runtime.events.";
    /**
     * aws-lambda-java-serialization, also under the core's package, is the environment's own too (see
     * {@link FunctionCode}): its event serializers find the event's nested classes by name, and would otherwise
     * give the mix-ins to the runtime's copies of them (a stream record's images and sequence number lost).
     */
    static final String SERIALIZATION = "com.amazonaws.services.lambda.runtime.serialization.";

    static {
        registerAsParallelCapable();
    }

    private final String functionName;

    public EnvironmentClassLoader(String functionName, URL[] artifact, ClassLoader runtime) {
        super("environment-" + functionName, artifact, runtime);
        this.functionName = functionName;
    }

    /**
     * The environment of {@code functionName} over its artifact, with Lambda's serialization library after it: the
     * Java runtime's own, which reads events into the artifact's classes (see {@link #SERIALIZATION}).
     */
    public static EnvironmentClassLoader overArtifact(String functionName, ClassLoader runtime, URL... artifact) {
        var urls = java.util.Arrays.copyOf(artifact, artifact.length + 1);
        urls[artifact.length] = com.amazonaws.services.lambda.runtime.serialization.PojoSerializer.class
                .getProtectionDomain().getCodeSource().getLocation();
        return new EnvironmentClassLoader(functionName, urls, runtime);
    }

    /** The function whose environment this is: the identity its AWS calls are made with. */
    public String functionName() {
        return functionName;
    }

    static boolean shared(String className) {
        return !className.startsWith(EVENTS) && !className.startsWith(SERIALIZATION)
                && SHARED.stream().anyMatch(className::startsWith);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
        if (shared(name)) {
            return super.loadClass(name, resolve);
        }
        synchronized (getClassLoadingLock(name)) {
            Class<?> loaded = findLoadedClass(name);
            if (loaded == null) {
                try {
                    loaded = findClass(name);
                } catch (ClassNotFoundException notInArtifact) {
                    loaded = getParent().loadClass(name);
                }
            }
            if (resolve) {
                resolveClass(loaded);
            }
            return loaded;
        }
    }

    @Override
    public URL getResource(String name) {
        URL own = findResource(name);
        return own != null ? own : super.getResource(name);
    }
}
