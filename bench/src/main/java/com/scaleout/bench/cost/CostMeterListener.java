package com.scaleout.bench.cost;

import com.scaleout.declaration.FunctionSpec;
import com.scaleout.local.lambda.InvocationListener;

/**
 * The cost meter plugged into the runtime's invocation hook (found there with ServiceLoader): each execution
 * environment gets a {@link Meters.Slot}, bound to the thread of each of its invocations, whose reading goes into the
 * invocation's REPORT line and to {@link Meters}' listeners.
 */
public final class CostMeterListener implements InvocationListener {

    @Override
    public EnvironmentListener environmentStarted(FunctionSpec function) {
        return new MeteredEnvironment(function);
    }

    /** One environment's meter slot; threads the handler starts inherit it. */
    private static final class MeteredEnvironment implements EnvironmentListener {
        private final FunctionSpec function;
        private final Meters.Slot slot = new Meters.Slot();
        /** The running invocation's meter: one at a time per environment. */
        private volatile InvocationMeter meter;

        MeteredEnvironment(FunctionSpec function) {
            this.function = function;
        }

        @Override
        public void invocationStarting() {
            meter = slot.begin();
        }

        @Override
        public void handlerEntering() {
            Meters.bind(slot);
        }

        @Override
        public void handlerLeft() {
            Meters.unbind();
        }

        @Override
        public Report invocationEnded(double elapsedMillis) {
            slot.end();
            var reading = meter.reading();
            // the meter's own side reads (items' sizes, for capacity units) are not the function's time
            Meters.ended(new Meters.Invocation(function.name(), function.memoryMb(),
                    elapsedMillis - reading.meteringMillis(), reading));
            return new Report(reading.meteringMillis(), reading.summary());
        }
    }
}
