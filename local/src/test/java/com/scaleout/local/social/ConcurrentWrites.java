package com.scaleout.local.social;

import com.scaleout.local.testing.ApiClient;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/** Many writes at once, as clients that honour Retry-After send them: what the count-equals-rows ITs need. */
final class ConcurrentWrites {
    private ConcurrentWrites() {
    }

    /**
     * A write by a client that does what a 503 or 429 tells it (the local DynamoDB sheds many transactions on one
     * item at once on a busy machine, as DynamoDB would throttle them): waits the Retry-After and sends it again.
     */
    static int asToldByRetryAfter(ApiClient api, String method, String path, String token)
            throws InterruptedException {
        for (int attempt = 1; ; attempt++) {
            var reply = api.send(method, path, token, null);
            if ((reply.status() != 503 && reply.status() != 429) || attempt == 10) {
                return reply.status();
            }
            long seconds = reply.raw().headers().firstValue("retry-after").map(Long::parseLong).orElse(1L);
            Thread.sleep(Math.min(5, Math.max(1, seconds)) * 1000);
        }
    }

    /** Runs every call at once (up to 50 threads) and answers their statuses in the calls' order. */
    static List<Integer> runAll(List<Callable<Integer>> calls) throws Exception {
        var statuses = new ArrayList<Integer>();
        try (var pool = Executors.newFixedThreadPool(50)) {
            var futures = new ArrayList<Future<Integer>>();
            for (var call : calls) {
                futures.add(pool.submit(call));
            }
            for (var future : futures) {
                statuses.add(future.get());
            }
        }
        return statuses;
    }
}
