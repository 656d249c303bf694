package io.dynamodbtoolkit.sample.reactive;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;

import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.TestExecutionExceptionHandler;

/**
 * Prints every thread's stack when a test fails on a timeout (a response that never came), so that a hang seen once
 * in CI shows where each thread was waiting: a CI run on 2026-12-03 saw one facility delete over HTTP time out after
 * 30 s, which 800 repetitions here did not reproduce. The failure itself is rethrown unchanged.
 */
final class ThreadDumpOnTimeout implements TestExecutionExceptionHandler {

    @Override
    public void handleTestExecutionException(ExtensionContext context, Throwable failure) throws Throwable {
        if (String.valueOf(failure.getMessage()).contains("Timeout")) {
            StringBuilder dump = new StringBuilder("Thread dump at the timeout of ")
                    .append(context.getDisplayName()).append(":\n");
            for (ThreadInfo thread : ManagementFactory.getThreadMXBean().dumpAllThreads(true, true)) {
                dump.append(thread.getThreadName()).append(' ').append(thread.getThreadState());
                if (thread.getLockName() != null) {
                    dump.append(" on ").append(thread.getLockName()).append(" held by ")
                            .append(thread.getLockOwnerName());
                }
                dump.append('\n');
                for (StackTraceElement frame : thread.getStackTrace()) {
                    dump.append("    at ").append(frame).append('\n');
                }
            }
            System.err.print(dump);
        }
        throw failure;
    }
}
