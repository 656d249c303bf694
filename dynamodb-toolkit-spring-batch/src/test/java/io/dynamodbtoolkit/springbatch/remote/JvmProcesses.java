package io.dynamodbtoolkit.springbatch.remote;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Java processes started on this JVM's class path (so with the test classes), each writing to its own log file;
 * {@link #close()} kills every one still running and waits for it.
 */
final class JvmProcesses implements AutoCloseable {

    private final Path logs;
    private final List<Process> started = new ArrayList<>();
    private final Set<Process> killed = new HashSet<>();

    JvmProcesses(Path logs) {
        this.logs = logs;
        try {
            Files.createDirectories(logs);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts {@code mainClass} with {@code args}; its output goes to {@code <logs>/<name>.log}. */
    Process start(String name, Class<?> mainClass, List<String> args) {
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java")
                .toString(), "-Xmx384m", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                mainClass.getName()));
        command.addAll(args);
        try {
            Process process = new ProcessBuilder(command).redirectErrorStream(true)
                    .redirectOutput(log(name).toFile()).start();
            started.add(process);
            return process;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    Path log(String name) {
        return logs.resolve(name + ".log");
    }

    String read(String name) {
        try {
            return Files.exists(log(name)) ? Files.readString(log(name)) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Whether every process started and not killed here still runs. */
    boolean allAlive() {
        return started.stream().filter(process -> !killed.contains(process)).allMatch(Process::isAlive);
    }

    /** {@code kill -9} (on Linux {@link Process#destroyForcibly()} sends SIGKILL) and wait for the end. */
    void kill(Process process) throws InterruptedException {
        killed.add(process);
        process.destroyForcibly();
        if (!process.waitFor(30, TimeUnit.SECONDS)) {
            throw new IllegalStateException("process " + process.pid() + " still runs 30 s after SIGKILL");
        }
    }

    @Override
    public void close() throws InterruptedException {
        for (Process process : started) {
            if (process.isAlive()) {
                kill(process);
            }
        }
    }
}
