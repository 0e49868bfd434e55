package com.scaleout.bench.cost;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Which {@link InvocationMeter} the work on this thread belongs to, and who hears of finished invocations. The
 * function pool gives each execution environment a {@link Slot} and binds it to the invocation's thread; the slot
 * is inherited by threads that thread starts (a handler's own pool, such as the import writers, is created inside
 * its first invocation), and since an environment serves one invocation at a time, the slot's meter is always that
 * invocation's. Threads outside any invocation (the runtime's, the benchmark's) have no meter and are not counted.
 */
public final class Meters {
    private static final InheritableThreadLocal<Slot> SLOT = new InheritableThreadLocal<>();
    private static final List<InvocationListener> LISTENERS = new CopyOnWriteArrayList<>();
    /** Capacity units need side reads of items' sizes: only when a cost measurement asks for them. */
    public static final String CAPACITY_PROPERTY = "scaleout.meter.capacity";

    private Meters() {
    }

    /** The meter of the invocation running on this thread, or null. */
    public static InvocationMeter current() {
        Slot slot = SLOT.get();
        return slot == null ? null : slot.meter;
    }

    /** True when capacity units are computed (which costs side reads); calls and commands are always counted. */
    public static boolean capacityEnabled() {
        return Boolean.getBoolean(CAPACITY_PROPERTY);
    }

    public static void bind(Slot slot) {
        SLOT.set(slot);
    }

    public static void unbind() {
        SLOT.remove();
    }

    public static void addListener(InvocationListener listener) {
        LISTENERS.add(listener);
    }

    public static void removeListener(InvocationListener listener) {
        LISTENERS.remove(listener);
    }

    /** Tells the listeners an invocation ended. */
    public static void ended(Invocation invocation) {
        LISTENERS.forEach(listener -> listener.ended(invocation));
    }

    /** One execution environment's current meter: set for each invocation, cleared when it ends. */
    public static final class Slot {
        private volatile InvocationMeter meter;

        public InvocationMeter begin() {
            var fresh = new InvocationMeter();
            meter = fresh;
            return fresh;
        }

        public void end() {
            meter = null;
        }
    }

    /** A finished invocation: its function, duration (metering excluded) and meter reading. */
    public record Invocation(String function, int memoryMb, double durationMillis, InvocationMeter.Reading reading) {
    }

    @FunctionalInterface
    public interface InvocationListener {
        void ended(Invocation invocation);
    }
}
