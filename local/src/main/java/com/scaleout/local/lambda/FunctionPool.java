package com.scaleout.local.lambda;

import com.amazonaws.services.lambda.runtime.RequestHandler;
import com.scaleout.declaration.FunctionSpec;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The execution environments of one function, as Lambda keeps them: an instance of the handler class serves one
 * invocation at a time; a new one is initialized (a cold start) only when every instance is busy. An invocation is
 * throttled only where Lambda throttles it: past the function's reserved concurrency, past the account's limit
 * (shared with the other functions, see {@link AccountConcurrency}), or when new environments are needed faster
 * than the {@link ScalingRate}. A timed-out environment is discarded, as Lambda resets it.
 */
public final class FunctionPool implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(FunctionPool.class.getName());
    /** How often an invocation waiting for an environment looks again for a permit another pool gave back. */
    private static final Duration PERMIT_RECHECK = Duration.ofMillis(10);

    private final FunctionSpec spec;
    private final FunctionCode code;
    private final AccountConcurrency account;
    private final ScalingRate scaling;
    private final InvocationListener listener;
    private final ColdStartPermits coldStartPermits;
    private final EnvironmentCap cap;
    /**
     * Guards {@link #idle}, {@link #waiting} and {@link #live}. Not a monitor: the gateway invokes on virtual threads,
     * and two of them in {@code Object.wait} inside {@code synchronized} stayed mounted on both of a two-core
     * machine's carriers while they waited for an environment, so no other virtual thread (those whose invocations
     * would free one among them) ever ran again.
     */
    private final ReentrantLock lock = new ReentrantLock();
    /** Free environments, most recently used first; never one while an invocation waits (it is handed over). */
    private final Deque<Environment> idle = new ArrayDeque<>();
    /**
     * Invocations waiting for an environment, longest first. A freed environment is handed to the first, not put
     * where a newcomer could take it before the waiter woke: with the lock's barging, p99 under 50 callers was
     * 20-60 times p50.
     */
    private final Deque<Waiter> waiting = new ArrayDeque<>();
    /** Every environment alive, idle or not, whose thread the pool's end stops. */
    private final Set<Environment> alive = new HashSet<>();
    /**
     * Each environment's one thread, as Lambda's runtime runs every invocation of an environment on the same thread,
     * named after the function ({@code lambda-<function>-<n>}) for logs and tests, rather than a thread started for
     * every invocation.
     */
    private final ThreadFactory invocationThreads;
    /** Once closed, no environment runs another invocation. */
    private boolean closed;
    private final AtomicInteger coldStarts = new AtomicInteger();
    private int live;

    public FunctionPool(FunctionSpec spec, FunctionCode code, AccountConcurrency account, ScalingRate scaling,
                        InvocationListener listener) {
        this(spec, code, account, scaling, listener, ColdStartPermits.unbounded());
    }

    /** Warming up environments only as {@code coldStartPermits} allow (see {@link ColdStartPermits}). */
    public FunctionPool(FunctionSpec spec, FunctionCode code, AccountConcurrency account, ScalingRate scaling,
                        InvocationListener listener, ColdStartPermits coldStartPermits) {
        this(spec, code, account, scaling, listener, coldStartPermits, EnvironmentCap.LAMBDA);
    }

    /**
     * With at most {@code cap} environments alive at once: past it, an invocation waits for one of them to be free
     * instead of starting another (see {@link EnvironmentCap}).
     */
    public FunctionPool(FunctionSpec spec, FunctionCode code, AccountConcurrency account, ScalingRate scaling,
                        InvocationListener listener, ColdStartPermits coldStartPermits, EnvironmentCap cap) {
        this.cap = cap;
        this.coldStartPermits = coldStartPermits;
        this.spec = spec;
        this.code = code;
        this.account = account;
        this.scaling = scaling;
        this.listener = listener;
        this.invocationThreads = Thread.ofPlatform().name(threadNamePrefix(spec.name()), 0).daemon(true).factory();
    }

    /** A pool whose invocations nothing but the runtime hears of. */
    public FunctionPool(FunctionSpec spec, FunctionCode code, AccountConcurrency account, ScalingRate scaling) {
        this(spec, code, account, scaling, InvocationListener.NONE);
    }

    /** The function alone in an account of Lambda's default limit, scaling at Lambda's rate. */
    public FunctionPool(FunctionSpec spec, FunctionCode code) {
        this(spec, code, AccountConcurrency.of(AccountConcurrency.DEFAULT_LIMIT, List.of(spec)),
                ScalingRate.lambdas());
    }

    /** The name of every invocation thread of {@code function} starts with this. */
    public static String threadNamePrefix(String function) {
        return "lambda-" + function + "-";
    }

    public FunctionSpec spec() {
        return spec;
    }

    /**
     * Invokes the handler with {@code event} and returns its result, as a synchronous Lambda invoke does: both cross
     * as JSON (see {@link JsonWire}), the result read into the runtime's own copy of the handler's answer type, and
     * Lambda's payload limits hold for that JSON ({@link InvocationPayload}): an event over its limit is refused
     * before any environment is taken, an answer over its limit fails the invocation.
     */
    public Object invoke(Object event) throws InvocationException {
        byte[] eventJson = JsonWire.eventJson(event);
        if (!InvocationPayload.requestFits(eventJson)) {
            throw new InvocationException(InvocationException.Kind.PAYLOAD_TOO_LARGE, spec.name()
                    + ": RequestEntityTooLargeException: the event's " + eventJson.length + " bytes are over "
                    + InvocationPayload.MAX_REQUEST_BYTES, null);
        }
        Environment environment = acquire();
        String requestId = UUID.randomUUID().toString();
        long start = System.nanoTime();
        environment.listener.invocationStarting();
        boolean reusable = false;
        try {
            Object result = runWithTimeout(environment, eventJson, requestId);
            reusable = true;
            return result;
        } catch (InvocationException e) {
            reusable = e.kind() == InvocationException.Kind.FUNCTION_ERROR;
            throw e;
        } finally {
            double elapsedMillis = (System.nanoTime() - start) / 1e6;
            var report = environment.listener.invocationEnded(elapsedMillis);
            // a listener's own work (the cost meter's side reads of items' sizes) is not the function's time
            double millis = elapsedMillis - report.listenerMillis();
            LOG.info(() -> String.format("REPORT RequestId: %s Function: %s Duration: %.2f ms Memory Size: %d MB%s%s",
                    requestId, spec.name(), millis, spec.memoryMb(), environment.reportSuffix(),
                    report.summary().isEmpty() ? "" : " " + report.summary()));
            environment.initReported = true;
            if (reusable) {
                release(environment);
            } else {
                environment.abandon();
            }
            environment.warmUpEnded(); // after the release: an invocation waiting takes this one, warm, first
        }
    }

    public int coldStarts() {
        return coldStarts.get();
    }

    /** Environments alive: idle, busy, or timed out and still running their last invocation. */
    public int environments() {
        lock.lock();
        try {
            return live;
        } finally {
            lock.unlock();
        }
    }

    private Object runWithTimeout(Environment environment, byte[] eventJson, String requestId)
            throws InvocationException {
        long deadline = System.currentTimeMillis() + spec.timeoutSeconds() * 1000L;
        var context = new LocalContext(requestId, spec.name(), spec.memoryMb(), environment.logStream, deadline);
        environment.running();
        Future<byte[]> result = environment.thread.submit(() -> {
            environment.listener.handlerEntering();
            environment.warmUpRunningOn(Thread.currentThread());
            Thread.currentThread().setContextClassLoader(environment.code.classLoader()); // as Lambda's runtime does
            try {
                Object handlerEvent = environment.wire.event(eventJson);
                return environment.wire.answerJson(environment.handler.handleRequest(handlerEvent, context));
            } finally {
                environment.listener.handlerLeft();
                environment.ended();
            }
        });
        byte[] answer;
        try {
            answer = result.get(spec.timeoutSeconds(), TimeUnit.SECONDS);
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
        if (!InvocationPayload.responseFits(answer)) {
            throw new InvocationException(InvocationException.Kind.FUNCTION_ERROR, spec.name() + ": Response payload "
                    + "size exceeded maximum allowed payload size (" + answer.length + " bytes)", null);
        }
        try {
            return environment.wire.answer(answer);
        } catch (RuntimeException e) {
            throw new InvocationException(InvocationException.Kind.FUNCTION_ERROR,
                    spec.name() + "'s answer does not read back from its JSON: " + e, e);
        }
    }

    /**
     * An environment for one invocation, holding one of the account's executions until it is released: a warm one, or
     * a new one once a {@link ColdStartPermits cold start permit} is free (a warm one freed meanwhile is handed over
     * instead, to the invocation that has waited longest).
     */
    private Environment acquire() throws InvocationException {
        if (!account.tryStart(spec.name())) {
            throw throttled(account.limitOf(spec.name()) + " reached");
        }
        ColdStartPermits.Permit permit;
        boolean added;
        long recheckNanos = PERMIT_RECHECK.toNanos();
        Waiter waiter = null;
        lock.lock();
        try {
            while (true) {
                if (waiter != null && waiter.handed != null) {
                    return waiter.handed;
                }
                Environment warm = waiter == null ? idle.pollFirst() : null;
                if (warm != null) {
                    return warm;
                }
                if (cap.allowsAnother(live)) {
                    var taken = coldStartPermits.tryTake();
                    if (taken.isPresent()) {
                        permit = taken.get();
                        break;
                    }
                }
                if (waiter == null) {
                    waiter = new Waiter(lock.newCondition());
                    waiting.addLast(waiter);
                }
                // a freed environment is handed over with a signal; room under the cap signals the first waiter;
                // a permit given back by any pool is seen at the next look
                recheckNanos = waiter.signalled.awaitNanos(recheckNanos);
                if (recheckNanos <= 0) {
                    recheckNanos = PERMIT_RECHECK.toNanos();
                }
            }
            if (waiter != null) {
                waiting.remove(waiter);
            }
            added = scaling.tryAddEnvironment();
            if (added) {
                live++;
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (waiter != null) {
                waiting.remove(waiter);
                if (waiter.handed != null) {
                    handOver(waiter.handed); // handed over as the interrupt came: the next waiter's now
                }
            }
            account.finish(spec.name());
            throw new InvocationException(InvocationException.Kind.TIMEOUT, "interrupted while waiting", e);
        } finally {
            lock.unlock();
        }
        if (!added) {
            permit.release();
            account.finish(spec.name());
            throw throttled("scaling faster than " + scaling);
        }
        try {
            return initialize(permit);
        } catch (InvocationException | RuntimeException e) {
            permit.release();
            lock.lock();
            try {
                live--;
                signalFirstWaiter(); // room under the cap for an invocation waiting
            } finally {
                lock.unlock();
            }
            account.finish(spec.name());
            throw e;
        }
    }

    /** A cold start: the environment's class loader, its handler's classes and instance, and its JSON wire. */
    private Environment initialize(ColdStartPermits.Permit permit) throws InvocationException {
        long start = System.nanoTime();
        Thread thread = Thread.currentThread();
        ClassLoader callers = thread.getContextClassLoader();
        FunctionCode.Loaded loaded = load();
        try {
            thread.setContextClassLoader(loaded.classLoader()); // the handler's init sees its own classes, as in Lambda
            RequestHandler<Object, Object> handler = instantiate(loaded.classLoader());
            var wire = JsonWire.of(handler.getClass(), loaded.classLoader(), FunctionPool.class.getClassLoader());
            double initMillis = (System.nanoTime() - start) / 1e6;
            int number = coldStarts.incrementAndGet();
            LOG.info(() -> String.format("INIT_START Function: %s environment #%d Init Duration: %.2f ms",
                    spec.name(), number, initMillis));
            var environment = new Environment(loaded, handler, wire, initMillis,
                    "local/" + spec.name() + "/" + number, listener.environmentStarted(spec), permit,
                    Executors.newSingleThreadExecutor(invocationThreads));
            lock.lock();
            try {
                alive.add(environment);
                if (closed) {
                    environment.thread.shutdownNow(); // as every other: the pool runs nothing more
                }
            } finally {
                lock.unlock();
            }
            return environment;
        } catch (InvocationException e) {
            loaded.close();
            throw e;
        } catch (RuntimeException e) {
            loaded.close();
            throw initFailed(e);
        } finally {
            thread.setContextClassLoader(callers);
        }
    }

    private FunctionCode.Loaded load() throws InvocationException {
        try {
            return code.load(spec);
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            throw initFailed(e);
        }
    }

    @SuppressWarnings("unchecked")
    private RequestHandler<Object, Object> instantiate(ClassLoader classLoader) throws InvocationException {
        try {
            Class<?> type = Class.forName(spec.handler(), true, classLoader);
            return (RequestHandler<Object, Object>) type.getConstructor().newInstance();
        } catch (ReflectiveOperationException | ClassCastException | LinkageError e) {
            throw initFailed(e);
        }
    }

    private InvocationException initFailed(Throwable e) {
        Throwable cause = e instanceof java.lang.reflect.InvocationTargetException ite ? ite.getCause() : e;
        LOG.log(Level.SEVERE, spec.name() + ": init failed", cause);
        return new InvocationException(InvocationException.Kind.FUNCTION_ERROR, spec.name() + ": init failed: " + cause,
                cause);
    }

    private void release(Environment environment) {
        lock.lock();
        try {
            handOver(environment);
        } finally {
            lock.unlock();
        }
        account.finish(spec.name());
    }

    /** A free environment to the invocation that has waited longest, or back to the pool. Under the lock. */
    private void handOver(Environment environment) {
        Waiter first = waiting.pollFirst();
        if (first == null) {
            idle.addFirst(environment); // most recently used first, as Lambda tends to reuse warm environments
        } else {
            first.handed = environment;
            first.signalled.signal();
        }
    }

    /** Under the lock. */
    private void signalFirstWaiter() {
        Waiter first = waiting.peekFirst();
        if (first != null) {
            first.signalled.signal();
        }
    }

    /** An invocation waiting for an environment; {@link #handed} one once freed. Guarded by the pool's lock. */
    private static final class Waiter {
        final Condition signalled;
        Environment handed;

        Waiter(Condition signalled) {
            this.signalled = signalled;
        }
    }

    /** Invocations waiting for an environment now. */
    int waiting() {
        lock.lock();
        try {
            return waiting.size();
        } finally {
            lock.unlock();
        }
    }

    private InvocationException throttled(String why) {
        return new InvocationException(InvocationException.Kind.THROTTLED, spec.name() + ": rate exceeded (" + why
                + ")", null);
    }

    /**
     * An environment's end: its execution is given back only once its last invocation has really stopped running
     * (a timed-out handler may run on for a while).
     */
    private void discard(Environment environment) {
        lock.lock();
        try {
            live--;
            alive.remove(environment);
            signalFirstWaiter(); // room under the cap for an invocation waiting
        } finally {
            lock.unlock();
        }
        account.finish(spec.name());
        environment.close();
        LOG.info(() -> spec.name() + ": environment " + environment.logStream + " discarded");
    }

    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            alive.forEach(environment -> environment.thread.shutdownNow());
            idle.forEach(Environment::close);
            idle.clear();
        } finally {
            lock.unlock();
        }
    }

    private final class Environment {
        final FunctionCode.Loaded code;
        final RequestHandler<Object, Object> handler;
        final JsonWire wire;
        final double initMillis;
        final String logStream;
        /** Hears of this environment's invocations. */
        final InvocationListener.EnvironmentListener listener;
        /** Runs this environment's invocations, one at a time. */
        final ExecutorService thread;
        /** Held from the start of the environment until its first invocation ends (see {@link ColdStartPermits}). */
        private final ColdStartPermits.Permit coldStart;
        boolean initReported;
        private boolean busy;
        private boolean abandoned;

        Environment(FunctionCode.Loaded code, RequestHandler<Object, Object> handler, JsonWire wire, double initMillis,
                    String logStream, InvocationListener.EnvironmentListener listener,
                    ColdStartPermits.Permit coldStart, ExecutorService thread) {
            this.thread = thread;
            this.coldStart = coldStart;
            this.code = code;
            this.handler = handler;
            this.wire = wire;
            this.initMillis = initMillis;
            this.logStream = logStream;
            this.listener = listener;
        }

        void warmUpRunningOn(Thread thread) {
            if (!initReported) {
                coldStart.firstInvocationOn(thread);
            }
        }

        void warmUpEnded() {
            coldStart.release();
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
            thread.shutdown(); // its last task, if it runs this, ends after it
            code.close();
        }
    }
}
