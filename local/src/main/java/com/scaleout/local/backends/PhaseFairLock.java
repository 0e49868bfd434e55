package com.scaleout.local.backends;

import java.time.Duration;

/**
 * The gate's lock: reads share it, a write holds it alone, and neither side waits long for the other. A read waits
 * for at most the one write that is running or about to run, never for the whole queue of writes behind it (a fair
 * read-write lock queues it behind every waiting writer); a write waits for the reads running when it came and the
 * reads that were waiting for the write before it, never for reads that keep arriving. Every wait has a deadline and
 * the number of waiters is bounded: a request that cannot get in answers at once, as DynamoDB throttles, instead of
 * piling up behind work its caller has long given up on.
 */
final class PhaseFairLock {
    /** Why a request was not let in. */
    enum Refusal { QUEUE_FULL, DEADLINE }

    private final int maxWaiting;
    private int readers;
    private boolean writing;
    private int waitingReaders;
    private int waitingWriters;
    /** Readers still to be let in ahead of waiting writers: those that were waiting when the last write ended. */
    private int readersOwed;

    PhaseFairLock(int maxWaiting) {
        this.maxWaiting = maxWaiting;
    }

    /** Null when the read may run (then {@link #releaseRead()}), else why not. */
    synchronized Refusal acquireRead(Duration maxWait) throws InterruptedException {
        Refusal refusal = awaitTurn(true, maxWait);
        if (refusal == null) {
            if (readersOwed > 0) {
                readersOwed--;
            }
            readers++;
        }
        return refusal;
    }

    synchronized void releaseRead() {
        readers--;
        if (readers == 0) {
            notifyAll();
        }
    }

    /** Null when the write may run (then {@link #releaseWrite()}), else why not. */
    synchronized Refusal acquireWrite(Duration maxWait) throws InterruptedException {
        Refusal refusal = awaitTurn(false, maxWait);
        if (refusal == null) {
            writing = true;
        }
        return refusal;
    }

    synchronized void releaseWrite() {
        writing = false;
        readersOwed = waitingReaders; // the reads that waited for this write go next, ahead of the next write
        notifyAll();
    }

    /** Waits (holding the monitor's wait set) until the reader's or writer's turn, the deadline or a full queue. */
    private Refusal awaitTurn(boolean reader, Duration maxWait) throws InterruptedException {
        if (!mustWait(reader)) {
            return null;
        }
        if (waitingReaders + waitingWriters >= maxWaiting) {
            return Refusal.QUEUE_FULL;
        }
        long deadline = System.nanoTime() + maxWait.toNanos();
        if (reader) {
            waitingReaders++;
        } else {
            waitingWriters++;
        }
        try {
            while (mustWait(reader)) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    notifyAll(); // whoever waited for this request need not any more
                    return Refusal.DEADLINE;
                }
                wait(Math.max(1, left / 1_000_000));
            }
            return null;
        } finally {
            if (reader) {
                waitingReaders--;
            } else {
                waitingWriters--;
            }
        }
    }

    private boolean mustWait(boolean reader) {
        return reader ? mustReaderWait() : mustWriterWait();
    }

    private boolean mustReaderWait() {
        return writing || (waitingWriters > 0 && readersOwed == 0);
    }

    private boolean mustWriterWait() {
        return writing || readers > 0 || (readersOwed > 0 && waitingReaders > 0);
    }

    synchronized int waiting() {
        return waitingReaders + waitingWriters;
    }
}
