package com.scaleout.local.backends;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scaleout.functions.shared.config.RuntimeEnvironment;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.local.LocalSettings;
import com.scaleout.local.lambda.FaultMarks;
import com.sun.net.httpserver.HttpExchange;
import java.io.IOException;
import java.io.OutputStream;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;

/**
 * The fault every retried write has to survive: the write reaches DynamoDB (or S3) and is applied, and its answer is
 * lost on the way back, so the SDK, which cannot tell, sends the same request again. {@link DynamoDbGate} asks this,
 * once moto has answered, whether to deliver the answer or cut it off half-way (the connection closes before the
 * promised bytes: the SDK sees an I/O error and retries, as after an attempt timeout, without the wait).
 *
 * <p>Off unless a test turns it on or the stack starts with {@code SCALEOUT_FAULT_LOST_ANSWERS} (0..1, the share of
 * write calls whose first answer is lost). A test turns it on for every call ({@link #lose}), or for the calls made
 * serving the requests it marks ({@link #loseForMarkedRequests}), so that scenarios under faults of their own run at
 * once on one stack. Only a call's first attempt is ever lost, so every call completes on its retry; calls are told
 * apart by the SDK's {@code amz-sdk-invocation-id} header, the same on every attempt of a call. Which calls lose their
 * answer is spread evenly over the writes, not drawn at random, so that a share of a few percent hits a short run too.
 */
public final class LostAnswers {
    public static final String VARIABLE = LocalSettings.FAULT_LOST_ANSWERS.name();
    private static final Set<String> DYNAMODB_WRITES = Set.of("PutItem", "UpdateItem", "DeleteItem",
            "BatchWriteItem", "TransactWriteItems");
    private static final Set<String> S3_WRITES = Set.of("PUT", "POST", "DELETE");
    /** Attempts of a call come within its 4-s call timeout; far more calls than that window holds are remembered. */
    private static final int REMEMBERED_CALLS = 100_000;
    private static final Duration LOG_INTERVAL = Duration.ofSeconds(10);
    private static final Logger LOG = Logger.getLogger(LostAnswers.class.getName());

    /** The fault every call is under: the stack's environment, or {@link #lose}. */
    private final Fault everyCall;
    /** The faults of marked requests, by their mark: each only for the calls made serving its requests. */
    private final Map<String, Fault> marked = new ConcurrentHashMap<>();
    private final AtomicLong lastLogged = new AtomicLong();
    private final Set<String> seenCalls = Collections.newSetFromMap(Collections.synchronizedMap(
            new LinkedHashMap<>() {
                @Override
                protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                    return size() > REMEMBERED_CALLS;
                }
            }));

    LostAnswers(double share) {
        this.everyCall = new Fault(requireShare(share));
    }

    /**
     * As the stack's environment sets it: {@link LocalSettings#FAULT_LOST_ANSWERS}, and
     * {@link LocalSettings#FAULT_FORGET_TOKENS} (transactions reach moto without their token, see
     * {@link Scope#forgettingTransactionTokens}).
     */
    static LostAnswers fromEnvironment() {
        var answers = new LostAnswers(RuntimeEnvironment.variable(LocalSettings.FAULT_LOST_ANSWERS)
                .map(Double::parseDouble).orElseThrow());
        answers.everyCall.forgettingTokens = RuntimeEnvironment.variable(LocalSettings.FAULT_FORGET_TOKENS)
                .map(Boolean::parseBoolean).orElseThrow();
        return answers;
    }

    /**
     * From now on, loses the first answer of this share (0..1) of every write call, whoever makes it; closing the
     * scope stops it. One such fault at a time.
     */
    public Scope lose(double shareOfWrites) {
        everyCall.reset(requireShare(shareOfWrites));
        return new Scope(everyCall, null);
    }

    /**
     * A fault of its own for the requests that carry {@link FaultMarks#HEADER} with this scope's
     * {@link Scope#mark()}: only the write calls made serving them lose their answers, so that requests under faults
     * of their own, and requests under none, run at once on one stack. Closing the scope stops it.
     */
    public Scope loseForMarkedRequests(double shareOfWrites) {
        var fault = new Fault(requireShare(shareOfWrites));
        String mark = UUID.randomUUID().toString();
        marked.put(mark, fault);
        return new Scope(fault, mark);
    }

    /** One fault's settings and counts. */
    private static final class Fault {
        volatile double share;
        volatile boolean forgettingTokens;
        volatile Duration heldFor = Duration.ZERO;
        volatile String everyAttemptOf;
        final AtomicLong writes = new AtomicLong();
        final AtomicLong lost = new AtomicLong();

        Fault(double share) {
            this.share = share;
        }

        void reset(double newShare) {
            writes.set(0);
            lost.set(0);
            forgettingTokens = false;
            heldFor = Duration.ZERO;
            everyAttemptOf = null;
            share = newShare;
        }
    }

    /** The fault for a block: closing it delivers every answer again. */
    public final class Scope implements AutoCloseable {
        private final Fault fault;
        private final String mark;

        private Scope(Fault fault, String mark) {
            this.fault = fault;
            this.mark = mark;
        }

        /** The value of {@link FaultMarks#HEADER} that puts a request under this fault; null for a fault on all. */
        public String mark() {
            return mark;
        }

        /**
         * Besides, drops every TransactWriteItems' {@code ClientRequestToken} on its way to moto, so that the retry of
         * a transaction applied already is not recognised by its token (DynamoDB keeps a token 10 minutes, and a
         * retry the code makes itself carries a new one): the code must recognise its own earlier write without it.
         */
        public Scope forgettingTransactionTokens() {
            fault.forgettingTokens = true;
            return this;
        }

        /**
         * Besides, holds each lost answer this long before cutting it off: past the SDK's attempt timeout, the loss
         * is a timeout, as the issue saw it under load (the SDK gives up on the attempt, then resends it), instead
         * of a broken connection. Costs that long per lost answer.
         */
        public Scope timingOut(Duration hold) {
            fault.heldFor = hold;
            return this;
        }

        /**
         * Besides, loses the answer of every attempt of every call to this DynamoDB operation (its first applied, its
         * retries refused by the write it made), so the call fails though its write was applied: the route answers
         * "retry" (503) for a write it stored.
         */
        public Scope losingEveryAttemptOf(String operation) {
            fault.everyAttemptOf = operation;
            return this;
        }

        /** Write calls seen (first attempts) since the fault was turned on. */
        public long writes() {
            return fault.writes.get();
        }

        /** Of those, the ones whose answer was lost. */
        public long lost() {
            return fault.lost.get();
        }

        @Override
        public void close() {
            if (mark != null) {
                marked.remove(mark);
            }
            fault.reset(0);
        }
    }

    /** What the faults have done, in the log at most every {@link #LOG_INTERVAL} (a soak's stack log shows it). */
    private void logQuietly(Fault fault) {
        long now = System.nanoTime();
        long last = lastLogged.get();
        if ((last == 0 || now - last > LOG_INTERVAL.toNanos()) && lastLogged.compareAndSet(last, now)) {
            LOG.info(() -> "lost-answers fault: the first answer of " + fault.lost.get() + " of "
                    + fault.writes.get() + " write calls cut off after they were applied, so far");
        }
    }

    /** The fault a request is under: its mark's, while that lasts, or the one on every call. */
    private Fault faultOf(String mark) {
        if (mark != null) {
            Fault own = marked.get(mark);
            if (own != null) {
                return own;
            }
        }
        return everyCall;
    }

    /** The request body as moto is to get it: a transaction without its token while tokens are forgotten. */
    byte[] asSent(HttpExchange exchange, String amzTarget, byte[] body) throws IOException {
        return asSent(amzTarget, exchange.getRequestHeaders().getFirst(FaultMarks.HEADER), body);
    }

    byte[] asSent(String amzTarget, String mark, byte[] body) throws IOException {
        if (!faultOf(mark).forgettingTokens || amzTarget == null || !amzTarget.endsWith(".TransactWriteItems")) {
            return body;
        }
        JsonNode request = Json.MAPPER.readTree(body);
        if (!(request instanceof ObjectNode fields) || fields.remove("ClientRequestToken") == null) {
            return body;
        }
        return Json.MAPPER.writeValueAsBytes(fields);
    }

    /** Is the answer to this request (applied by moto already) to be lost? */
    boolean losesAnswerTo(HttpExchange exchange, String amzTarget) {
        var headers = exchange.getRequestHeaders();
        return losesAnswerTo(exchange.getRequestMethod(), amzTarget, headers.getFirst("amz-sdk-invocation-id"),
                headers.getFirst(FaultMarks.HEADER));
    }

    /**
     * @param amzTarget DynamoDB's operation header, null for S3
     * @param call      the SDK's invocation id, the same on every attempt of one call (null: not an SDK call)
     * @param mark      the request's {@link FaultMarks#HEADER}, null for none
     */
    boolean losesAnswerTo(String method, String amzTarget, String call, String mark) {
        if (!isWrite(method, amzTarget)) {
            return false;
        }
        Fault fault = faultOf(mark);
        String every = fault.everyAttemptOf;
        if (every != null && amzTarget != null && amzTarget.endsWith("." + every)) {
            fault.lost.incrementAndGet();
            return true; // every attempt of the operation: the call fails though its write was applied
        }
        double current = fault.share;
        if (current <= 0) {
            return false;
        }
        if (call == null || !seenCalls.add(call)) {
            return false; // not an SDK call, or a retry of one: its answer goes through
        }
        long write = fault.writes.incrementAndGet();
        boolean lose = current >= 1 || Math.floor(write * current) > Math.floor((write - 1) * current);
        if (lose) {
            fault.lost.incrementAndGet();
            logQuietly(fault);
        }
        return lose;
    }

    private static boolean isWrite(String method, String amzTarget) {
        if (amzTarget == null) {
            return S3_WRITES.contains(method); // the JDK server hands the method as sent: upper case from the SDK
        }
        return DYNAMODB_WRITES.contains(amzTarget.substring(amzTarget.indexOf('.') + 1));
    }

    /**
     * Starts the answer (after {@link Scope#timingOut}'s hold, if any) and breaks it off: status and headers, half
     * the body, then the connection closes short of the length it promised. The JDK server closes a connection only
     * when its handler fails (closing the exchange short of the length leaves the connection open, and the client
     * would wait out its socket timeout): the {@link CutOff} this throws is that failure, and the gate lets it
     * through.
     */
    void cutOff(HttpResponse<byte[]> response, HttpExchange exchange) throws IOException, InterruptedException {
        Duration hold = faultOf(exchange.getRequestHeaders().getFirst(FaultMarks.HEADER)).heldFor;
        if (!hold.isZero()) {
            Thread.sleep(hold); // the caller times out meanwhile; what follows finds its connection closed
        }
        byte[] answer = response.body();
        exchange.getResponseHeaders().set("Content-Type", response.headers().firstValue("content-type")
                .orElse("application/x-amz-json-1.0"));
        exchange.sendResponseHeaders(response.statusCode(), answer.length + 1L);
        OutputStream out = exchange.getResponseBody();
        out.write(answer, 0, answer.length / 2);
        out.flush();
        throw new CutOff();
    }

    /** Thrown out of the gate's handler so that the server drops the connection of an answer cut off. */
    static final class CutOff extends RuntimeException {
        private static final long serialVersionUID = 1L;

        CutOff() {
            super("answer cut off by the lost-answers fault", null, false, false);
        }
    }

    private static double requireShare(double share) {
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException(VARIABLE + " must be a share between 0 and 1, not " + share);
        }
        return share;
    }
}
