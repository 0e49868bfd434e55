package com.scaleout.bench.coldstart;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.amazonaws.services.lambda.runtime.events.IamPolicyResponse;
import com.amazonaws.services.lambda.runtime.events.SimpleIAMPolicyResponse;
import com.amazonaws.services.lambda.runtime.events.StreamsEventResponse;
import com.amazonaws.services.lambda.runtime.serialization.PojoSerializer;
import com.amazonaws.services.lambda.runtime.serialization.events.LambdaEventSerializers;
import com.scaleout.local.lambda.LocalContext;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Locale;
import java.util.UUID;

/**
 * One execution environment's start, in a JVM of its own (started by the cold-start benchmark with the java21
 * runtime's flags): loads the handler class and constructs it (Lambda's init), then reads the sample event the way
 * the Lambda Java runtime does, invokes the handler and writes its answer (the first invocation). Asked to, it runs
 * the handler's SnapStart hooks between the two, as a snapshot and a restore would. Prints one
 * {@code COLDSTART} line with wall-clock timestamps (microseconds since the epoch, comparable with the launcher's),
 * then, with more invocations asked for, serves them one at a time as an environment does and prints a
 * {@code MEMORY} line. Depends on nothing but the JDK and the Lambda libraries, so the classes it loads are the
 * function's.
 */
public final class ColdStartProbe {
    private ColdStartProbe() {
    }

    public static void main(String[] args) throws Exception {
        long mainAt = nowMicros();
        String handlerClass = args[0];
        int invocations = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        boolean primed = args.length > 3 && args[3].equals("primed");

        @SuppressWarnings("unchecked")
        var handler = (RequestHandler<Object, Object>) Class.forName(handlerClass).getConstructor().newInstance();
        // the runtime builds the event's reader and the answer's writer at init too
        Method handleRequest = handleRequestOf(handler.getClass());
        @SuppressWarnings("unchecked")
        var input = (PojoSerializer<Object>) LambdaEventSerializers.serializerFor(handleRequest.getParameterTypes()[0],
                ColdStartProbe.class.getClassLoader());
        @SuppressWarnings("unchecked")
        var output = (PojoSerializer<Object>) LambdaEventSerializers.serializerFor(handleRequest.getReturnType(),
                ColdStartProbe.class.getClassLoader());
        long initAt = nowMicros();
        long checkpointAt = initAt;
        long restoreAt = initAt;
        if (primed) { // as SnapStart runs the hooks: before the snapshot, then after each restore
            Object hooks = handler.getClass().getMethod("priming").invoke(handler);
            hook(hooks, "beforeCheckpoint");
            checkpointAt = nowMicros();
            hook(hooks, "afterRestore");
            restoreAt = nowMicros();
        }

        byte[] sample = Files.readAllBytes(Path.of(args[1])); // the runtime fetches the event: invocation time
        var first = invoke(handler, input, output, sample);
        long firstAt = nowMicros();
        String outcome = first.outcome();
        System.out.printf(Locale.ROOT, "COLDSTART main=%d init=%d checkpoint=%d restore=%d read=%d handled=%d "
                        + "first=%d outcome=%s classes=%d%n", mainAt, initAt, checkpointAt, restoreAt, first.readAt(),
                first.handledAt(), firstAt, outcome, ManagementFactory.getClassLoadingMXBean().getLoadedClassCount());

        if (invocations > 1) {
            var retained = new RetainedHeap();
            String last = outcome;
            for (int i = 1; i < invocations; i++) {
                last = invoke(handler, input, output, sample).outcome();
                retained.sample();
            }
            System.gc();
            long liveAfterAll = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
            System.out.printf(Locale.ROOT, "MEMORY invocations=%d outcome=%s heapPeak=%d retainedPeak=%d live=%d "
                            + "metaspace=%d rssPeak=%d gcs=%d%n", invocations, last, heapPeak(), retained.peak(),
                    liveAfterAll, metaspaceUsed(), rssPeakBytes(), gcCount());
        }
        System.out.flush();
        // the handlers' client threads (Lettuce's event loops) are not daemons, as in Lambda where nothing ends them
        System.exit(0);
    }

    /** One invocation's answer, and when its event was read and its handler returned. */
    private record Invocation(String outcome, long readAt, long handledAt) {
    }

    private static Invocation invoke(RequestHandler<Object, Object> handler, PojoSerializer<Object> input,
                                     PojoSerializer<Object> output, byte[] sample) throws IOException {
        Object event;
        try (InputStream in = new java.io.ByteArrayInputStream(sample)) {
            event = input.fromJson(in);
        }
        long readAt = nowMicros();
        Object result = handler.handleRequest(event, new LocalContext(UUID.randomUUID().toString(),
                System.getenv().getOrDefault("AWS_LAMBDA_FUNCTION_NAME", "coldstart"),
                Integer.parseInt(System.getenv().getOrDefault("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "1024")), "coldstart",
                System.currentTimeMillis() + 60_000));
        long handledAt = nowMicros();
        var answer = new ByteArrayOutputStream();
        output.toJson(result, answer);
        return new Invocation(outcomeOf(result), readAt, handledAt);
    }

    /**
     * Calls one of the handler's org.crac hooks as the runtime does (with no context). Reflection keeps the probe free
     * of the functions' classes, so the trivial handler's class path needs none of them.
     */
    private static void hook(Object hooks, String name) throws ReflectiveOperationException {
        for (Method method : hooks.getClass().getMethods()) {
            if (method.getName().equals(name) && method.getParameterCount() == 1) {
                method.invoke(hooks, (Object) null);
                return;
            }
        }
        throw new NoSuchMethodException(hooks.getClass() + "." + name);
    }

    /** The typed {@code handleRequest} (not the erased bridge), whose types the runtime reads the event into. */
    static Method handleRequestOf(Class<?> type) {
        for (Method method : type.getMethods()) {
            if (method.getName().equals("handleRequest") && method.getParameterCount() == 2 && !method.isBridge()) {
                return method;
            }
        }
        throw new IllegalArgumentException(type + " has no typed handleRequest");
    }

    /** What the answer says, briefly: the HTTP status, the authorizer's decision, a batch's failed items. */
    static String outcomeOf(Object result) {
        if (result instanceof APIGatewayV2HTTPResponse http) {
            return "http-" + http.getStatusCode();
        }
        if (result instanceof SimpleIAMPolicyResponse policy) {
            return policy.getIsAuthorized() ? "authorized" : "denied";
        }
        if (result instanceof IamPolicyResponse) {
            return "policy";
        }
        if (result instanceof StreamsEventResponse batch) {
            int failed = batch.getBatchItemFailures() == null ? 0 : batch.getBatchItemFailures().size();
            return failed == 0 ? "batch-ok" : "batch-failed-" + failed;
        }
        return result == null ? "null" : result.getClass().getSimpleName();
    }

    private static long nowMicros() {
        return ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
    }

    /** The most the heap held just after a collection while serving: what the function retains, not its garbage. */
    private static final class RetainedHeap {
        private long lastCollections = -1;
        private long peak;

        void sample() {
            long collections = gcCount();
            if (collections != lastCollections) {
                lastCollections = collections;
                long afterCollection = 0;
                for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
                    if (pool.getType() == MemoryType.HEAP && pool.getCollectionUsage() != null) {
                        afterCollection += pool.getCollectionUsage().getUsed();
                    }
                }
                peak = Math.max(peak, afterCollection);
            }
        }

        long peak() {
            return peak;
        }
    }

    private static long heapPeak() {
        long peak = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                peak += pool.getPeakUsage().getUsed();
            }
        }
        return peak;
    }

    private static long metaspaceUsed() {
        return ManagementFactory.getMemoryPoolMXBeans().stream().filter(p -> p.getName().equals("Metaspace"))
                .mapToLong(p -> p.getUsage().getUsed()).sum();
    }

    private static long gcCount() {
        return ManagementFactory.getGarbageCollectorMXBeans().stream()
                .mapToLong(GarbageCollectorMXBean::getCollectionCount).sum();
    }

    /** The process's peak resident set (VmHWM): heap, metaspace, code, thread stacks and direct buffers together. */
    private static long rssPeakBytes() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
                if (line.startsWith("VmHWM:")) {
                    return Long.parseLong(line.replaceAll("\\D", "")) * 1024;
                }
            }
        } catch (IOException | NumberFormatException e) {
            return -1;
        }
        return -1;
    }
}
