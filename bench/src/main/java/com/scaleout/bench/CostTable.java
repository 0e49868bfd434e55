package com.scaleout.bench;

import com.scaleout.bench.cost.AwsPrices;
import com.scaleout.bench.cost.InvocationMeter.Reading;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** The cost benchmark's report: one row per route, the prices it used, and the routes above their minimum. */
record CostTable(List<RouteCost> routes, int calls) {

    List<String> lines() {
        var lines = new ArrayList<String>();
        lines.add("## Cost per request, by route (generated) — " + LocalDate.now() + " (`./scaleout bench cost " + calls
                + "`)");
        lines.add("");
        lines.add("Each route's common good case in a small world (a star with " + CostWorld.FOLLOWERS
                + " followers, tweets with hashtags and mentions, a reply, a retweet, an album, an import key), "
                + "called once to warm it, then " + calls + " times one at a time with the streams settling after "
                + "each; the call of median cost is shown, with the median duration. The local runtime meters "
                + "every invocation: DynamoDB calls by operation and the capacity units AWS would bill, computed "
                + "from the item sizes (DynamoDB's documented rules; every index projects all attributes), Redis "
                + "commands and round trips (a round trip: the caller waits for a reply before sending more), "
                + "ECPUs (1 per command per KB), S3 calls. Async: the stream consumers' invocations the request "
                + "caused (here each write's records come in a batch of their own; on AWS batches of up to 100 "
                + "share an invocation, so that Lambda share is an upper bound).");
        lines.add("");
        lines.add(String.format(Locale.ROOT, "Prices (%s, on-demand, %s; `bench/.../cost/AwsPrices.java`): HTTP API "
                        + "$%.2f/M requests; Lambda arm64 $%.2f/M requests + $%.10f/GB-s at the function's declared "
                        + "memory for the measured warm duration (moto is slower than DynamoDB: an upper bound); "
                        + "DynamoDB on-demand $%.3f/M read and $%.3f/M write request units (after the November 2024 "
                        + "cut); ElastiCache Serverless Valkey $%.5f/M ECPUs; S3 $%.4f/1,000 PUTs and $%.4f/1,000 "
                        + "GETs. Storage, logs and data transfer are not per request and are left out "
                        + "(docs/deploy.md has them).", AwsPrices.REGION, AwsPrices.DATE,
                AwsPrices.HTTP_API_REQUEST * 1e6, AwsPrices.LAMBDA_REQUEST * 1e6, AwsPrices.LAMBDA_GB_SECOND,
                AwsPrices.DYNAMODB_READ_REQUEST_UNIT * 1e6, AwsPrices.DYNAMODB_WRITE_REQUEST_UNIT * 1e6,
                AwsPrices.ECPU * 1e6, AwsPrices.S3_PUT * 1000, AwsPrices.S3_GET * 1000));
        lines.add("");
        lines.add("| route | function, MB | DynamoDB calls | RCU | WCU | Redis commands / round trips (ECPU) | S3 | "
                + "warm ms | async work it causes | $ per M requests | $ per M with async | minimum DynamoDB calls "
                + "/ Redis round trips, and why |");
        lines.add("|---|---|---|---|---|---|---|---|---|---|---|---|");
        var above = new ArrayList<String>();
        for (RouteCost route : routes) {
            var minimum = RouteMinimums.of(route.route().routeKey());
            Reading request = route.request();
            boolean overCalls = !minimum.testRoute() && request.dynamoDbCallCount() > minimum.dynamoDbCalls();
            boolean overTrips = !minimum.testRoute() && request.redisRoundTrips() > minimum.redisRoundTrips();
            String mark = overCalls || overTrips ? " **above**" : "";
            lines.add(String.format(Locale.ROOT, "| `%s` | %s, %d | %s | %s | %s | %d / %d (%d) | %s | %.1f | %s | "
                            + "%.2f | %.2f | %s%s: %s |",
                    route.route().routeKey(), route.route().function(), route.memoryMb(), calls(request),
                    units(request.readUnits()), units(request.writeUnits()), request.redisCommands(),
                    request.redisRoundTrips(), request.ecpus(), s3(request), route.millis(), async(route),
                    route.requestCost() * 1e6, (route.requestCost() + route.asyncCost()) * 1e6,
                    minimum.testRoute() ? "– (test route)" : minimum.dynamoDbCalls() + " / "
                            + minimum.redisRoundTrips(), mark, minimum.why()));
            if (!mark.isEmpty()) {
                above.add(String.format(Locale.ROOT, "- `%s`: %d DynamoDB calls / %d round trips against %d / %d. %s",
                        route.route().routeKey(), request.dynamoDbCallCount(), request.redisRoundTrips(),
                        minimum.dynamoDbCalls(), minimum.redisRoundTrips(), minimum.whyAbove()));
            }
        }
        lines.add("");
        if (above.isEmpty()) {
            lines.add("Every route is at the minimum its design allows (the admin test routes claim none).");
        } else {
            lines.add("Routes above the minimum their design allows, and why (the admin test routes claim none):");
            lines.add("");
            lines.addAll(above);
        }
        return lines;
    }

    private static String calls(Reading reading) {
        return reading.dynamoDbCalls().isEmpty() ? "0"
                : reading.dynamoDbCallCount() + " (" + reading.operations() + ")";
    }

    private static String s3(Reading reading) {
        return reading.s3Calls().isEmpty() ? "–" : reading.s3Calls().entrySet().stream()
                .map(e -> e.getKey() + " " + e.getValue()).sorted().collect(Collectors.joining(", "));
    }

    private static String async(RouteCost route) {
        if (route.async().isEmpty()) {
            return "–";
        }
        Reading work = route.asyncWork();
        return route.async().entrySet().stream().map(e -> e.getKey() + " ×" + e.getValue())
                .collect(Collectors.joining(", "))
                + String.format(Locale.ROOT, ": %d DynamoDB calls, %s RCU, %s WCU, %d Redis commands / %d trips",
                work.dynamoDbCallCount(), units(work.readUnits()), units(work.writeUnits()), work.redisCommands(),
                work.redisRoundTrips());
    }

    private static String units(double value) {
        return value == Math.rint(value) ? String.valueOf((long) value) : String.format(Locale.ROOT, "%.1f", value);
    }
}
