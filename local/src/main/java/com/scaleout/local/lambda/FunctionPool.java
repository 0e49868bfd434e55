package com.scaleout.local.lambda;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.scaleout.declaration.FunctionSpec;
import com.scaleout.local.cost.InvocationMeter;
import com.scaleout.local.cost.Meters;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The execution environments of one function, as Lambda keeps them: an instance of the handler class serves one
 * invocation at a time; a new one is initialized (a cold start) only when every instance is busy, up to the
 * declared concurrency; past that, invocations are throttled. A timed-out environment is discarded, as Lambda
 * resets it.
 */
public final class FunctionPool implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(FunctionPool.class.getName());

    private final FunctionSpec spec;
    private final ClassLoader classLoader;
    private final Deque<Environment> idle = new ArrayDeque<>();
    /** One thread per invocation, named after the function ({@code lambda-<function>-<n>}) for logs and tests. */
    private final ExecutorService invocations;
    private final AtomicInteger coldStarts = new AtomicInteger();
    private int live;

    public FunctionPool(FunctionSpec spec, ClassLoader classLoader) {
        this.spec = spec;
        this.classLoader = classLoader;
        this.invocations = Executors.newThreadPerTaskExecutor(
                Thread.ofPlatform().name(threadNamePrefix(spec.name()), 0).daemon(true).factory());
    }

    /** The name of every invocation thread of {@code function} starts with this. */
    public static String threadNamePrefix(String function) {
        return "lambda-" + function + "-";
    }

    public FunctionSpec spec() {
        return spec;
    }

    /** Invokes the handler with {@code event} and returns its result, as a synchronous Lambda invoke does. */
    public Object invoke(Object event) throws InvocationException {
        Environment environment = acquire();
        String requestId = UUID.randomUUID().toString();
        long start = System.nanoTime();
        InvocationMeter meter = environment.meterSlot.begin();
        boolean reusable = false;
        try {
            Object result = runWithTimeout(environment, event, requestId);
            reusable = true;
            return result;
        } catch (InvocationException e) {
            reusable = e.kind() == InvocationException.Kind.FUNCTION_ERROR;
            throw e;
        } finally {
            environment.meterSlot.end();
            var reading = meter.reading();
            // the meter's own side reads (items' sizes, for capacity units) are not the function's time
            double millis = (System.nanoTime() - start) / 1e6 - reading.meteringMillis();
            LOG.info(() -> String.format("REPORT RequestId: %s Function: %s Duration: %.2f ms Memory Size: %d MB%s %s",
                    requestId, spec.name(), millis, spec.memoryMb(), environment.reportSuffix(), reading.summary()));
            Meters.ended(new Meters.Invocation(spec.name(), spec.memoryMb(), millis, reading));
            environment.initReported = true;
            if (reusable) {
                release(environment);
            } else {
                environment.abandon();
            }
        }
    }

    public int coldStarts() {
        return coldStarts.get();
    }

    /** Environments alive: idle, busy, or timed out and still running their last invocation. */
    public synchronized int environments() {
        return live;
    }

    private Object runWithTimeout(Environment environment, Object event, String requestId)
            throws InvocationException {
        long deadline = System.currentTimeMillis() + spec.timeoutSeconds() * 1000L;
        var context = new LocalContext(requestId, spec.name(), spec.memoryMb(), environment.logStream, deadline);
        environment.running();
        Future<Object> result = invocations.submit(() -> {
            Meters.bind(environment.meterSlot);
            try {
                return environment.handler.handleRequest(event, context);
            } finally {
                Meters.unbind();
                environment.ended();
            }
        });
        try {
            return result.get(spec.timeoutSeconds(), TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            result.cancel(true);
            throw new InvocationException(InvocationException.Kind.TIMEOUT,
                    spec.name() + ": Task timed out after " + spec.timeoutSeconds() + " seconds", e);
        } catch (ExecutionException e) {
            LOG.log(Level.SEVERE, spec.name() + " request " + requestId + " failed", e.getCause());
            throw new InvocationException(InvocationException.Kind.FUNCTION_ERROR,
                    spec.name() + " failed: " + e.getCause(), e.getCause());
        } catch (InterruptedException e) {
            // The caller is going away (shutdown): the invocation may still run, so the environment is not reused.
            Thread.currentThread().interrupt();
            result.cancel(true);
            throw new InvocationException(InvocationException.Kind.TIMEOUT, "interrupted while waiting", e);
        }
    }

    private Environment acquire() throws InvocationException {
        synchronized (this) {
            Environment warm = idle.pollFirst();
            if (warm != null) {
                return warm;
            }
            if (live >= spec.concurrency()) {
                throw new InvocationException(InvocationException.Kind.THROTTLED,
                        spec.name() + ": rate exceeded (" + spec.concurrency() + " concurrent executions)", null);
            }
            live++;
        }
        try {
            return initialize();
        } catch (InvocationException | RuntimeException e) {
            synchronized (this) {
                live--;
            }
            throw e;
        }
    }

    private Environment initialize() throws InvocationException {
        long start = System.nanoTime();
        RequestHandler<Object, Object> handler = instantiate();
        double initMillis = (System.nanoTime() - start) / 1e6;
        int number = coldStarts.incrementAndGet();
        LOG.info(() -> String.format("INIT_START Function: %s environment #%d Init Duration: %.2f ms",
                spec.name(), number, initMillis));
        return new Environment(handler, initMillis, "local/" + spec.name() + "/" + number);
    }

    @SuppressWarnings("unchecked")
    private RequestHandler<Object, Object> instantiate() throws InvocationException {
        try {
            Class<?> type = Class.forName(spec.handler(), true, classLoader);
            return (RequestHandler<Object, Object>) type.getConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
            Throwable cause = e instanceof java.lang.reflect.InvocationTargetException ite ? ite.getCause() : e;
            LOG.log(Level.SEVERE, spec.name() + ": init failed", cause);
            throw new InvocationException(InvocationException.Kind.FUNCTION_ERROR,
                    spec.name() + ": init failed: " + cause, cause);
        }
    }

    private synchronized void release(Environment environment) {
        idle.addFirst(environment); // most recently used first, as Lambda tends to reuse warm environments
    }

    /** An environment's end: its slot is freed only once its last invocation has really stopped running. */
    private void discard(Environment environment) {
        synchronized (this) {
            live--;
        }
        environment.close();
        LOG.info(() -> spec.name() + ": environment " + environment.logStream + " discarded");
    }

    @Override
    public void close() {
        invocations.shutdownNow();
        synchronized (this) {
            idle.forEach(Environment::close);
            idle.clear();
        }
    }

    private final class Environment {
        final RequestHandler<Object, Object> handler;
        final double initMillis;
        final String logStream;
        /** What this environment's invocation costs; threads the handler starts inherit it. */
        final Meters.Slot meterSlot = new Meters.Slot();
        boolean initReported;
        private boolean busy;
        private boolean abandoned;

        Environment(RequestHandler<Object, Object> handler, double initMillis, String logStream) {
            this.handler = handler;
            this.initMillis = initMillis;
            this.logStream = logStream;
        }

        String reportSuffix() {
            return initReported ? "" : String.format(" Init Duration: %.2f ms", initMillis);
        }

        synchronized void running() {
            busy = true;
        }

        /** The handler returned or threw. If the invoker gave up on it earlier, this is the environment's end. */
        void ended() {
            boolean discardNow;
            synchronized (this) {
                busy = false;
                discardNow = abandoned;
            }
            if (discardNow) {
                discard(this);
            }
        }

        /** The invoker gives up on this environment (timeout, shutdown): discard it once it stops running. */
        void abandon() {
            boolean discardNow;
            synchronized (this) {
                abandoned = true;
                discardNow = !busy;
            }
            if (discardNow) {
                discard(this);
            }
        }

        void close() {
            if (handler instanceof AutoCloseable closeable) {
                try {
                    closeable.close();
                } catch (Exception e) {
                    LOG.log(Level.FINE, "closing handler", e);
                }
            }
        }
    }
}
