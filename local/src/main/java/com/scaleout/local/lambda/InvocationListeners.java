package com.scaleout.local.lambda;

import com.scaleout.declaration.FunctionSpec;
import java.util.List;
import java.util.stream.Collectors;

/** Several {@link InvocationListener}s heard as one: each in turn, their reports added up. */
record InvocationListeners(List<InvocationListener> listeners) implements InvocationListener {

    @Override
    public EnvironmentListener environmentStarted(FunctionSpec function) {
        var environment = listeners.stream().map(listener -> listener.environmentStarted(function)).toList();
        return new EnvironmentListener() {
            @Override
            public void invocationStarting() {
                environment.forEach(EnvironmentListener::invocationStarting);
            }

            @Override
            public void handlerEntering() {
                environment.forEach(EnvironmentListener::handlerEntering);
            }

            @Override
            public void handlerLeft() {
                environment.forEach(EnvironmentListener::handlerLeft);
            }

            @Override
            public Report invocationEnded(double elapsedMillis) {
                var reports = environment.stream().map(listener -> listener.invocationEnded(elapsedMillis)).toList();
                return new Report(reports.stream().mapToDouble(Report::listenerMillis).sum(),
                        reports.stream().map(Report::summary).filter(summary -> !summary.isEmpty())
                                .collect(Collectors.joining(" ")));
            }
        };
    }
}
