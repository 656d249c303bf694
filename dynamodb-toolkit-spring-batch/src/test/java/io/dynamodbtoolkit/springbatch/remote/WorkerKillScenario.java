package io.dynamodbtoolkit.springbatch.remote;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Issue 32's run across processes, for any of the test applications: two worker JVMs and a manager JVM; once a
 * partition has completed and another has committed 2 to 30 chunks, the worker running the latter is killed with
 * SIGKILL; the other worker finishes every other partition; the manager, still waiting for the dead partition, is
 * killed too; a new manager process recovers the execution and restarts it. Processes are always stopped.
 */
final class WorkerKillScenario {

    private static final Duration PATIENCE = Duration.ofMinutes(3);

    /** A partition's step execution as the job repository holds it. */
    record Partition(String name, String status, long commits, long reads, long jobExecution) {
    }

    /** What happened: the killed partition as the first run left it, the partitions each run executed. */
    record Outcome(Partition killed, List<Partition> firstRun, List<Partition> secondRun, String secondRunStatus) {
    }

    private final Class<?> application;
    private final String workerStep;
    private final int minimumPartitions;
    private final JdbcTemplate jobRepository;
    private final List<String> settings;

    WorkerKillScenario(Class<?> application, String workerStep, int minimumPartitions, JdbcTemplate jobRepository,
            List<String> settings) {
        this.application = application;
        this.workerStep = workerStep;
        this.minimumPartitions = minimumPartitions;
        this.jobRepository = jobRepository;
        this.settings = settings;
    }

    Outcome run() throws InterruptedException {
        long started = System.nanoTime();
        try (JvmProcesses processes = new JvmProcesses(Path.of("target", application.getSimpleName()))) {
            Map<String, Process> workers = new HashMap<>();
            for (String name : List.of("worker-1", "worker-2")) {
                workers.put(name, processes.start(name, application,
                        with("--spring.profiles.active=worker", "--test.role=worker")));
            }
            Process manager = processes.start("manager", application, with("--test.role=manager"));

            Predicate<Partition> midRun = p -> p.status().equals("STARTED") && p.commits() >= 2 && p.commits() <= 30;
            List<Partition> running = await(now -> now.stream().anyMatch(p -> p.status().equals("COMPLETED"))
                    && now.stream().anyMatch(midRun), "a completed partition and one in mid-run", processes);
            Partition victim = running.stream().filter(midRun).findFirst().orElseThrow();
            String victimWorker = workers.keySet().stream()
                    .filter(name -> lastStarted(processes.read(name)).equals(victim.name()))
                    .findFirst().orElseThrow();
            processes.kill(workers.get(victimWorker));
            double killedAt = seconds(started);

            List<Partition> firstRun = await(now -> now.stream()
                    .filter(p -> p.status().equals("COMPLETED")).count() == now.size() - 1,
                    "every partition but the killed worker's completed", processes);
            processes.kill(manager);
            assertThat(firstRun).as("partitions").hasSizeGreaterThanOrEqualTo(minimumPartitions);
            List<Partition> unfinished = firstRun.stream().filter(p -> !p.status().equals("COMPLETED")).toList();
            assertThat(unfinished).extracting(Partition::name).containsExactly(victim.name());

            Process restart = processes.start("restart", application, with("--test.role=restart"));
            assertThat(restart.waitFor(PATIENCE.toSeconds(), TimeUnit.SECONDS)).as("restart ends").isTrue();
            assertThat(restart.exitValue()).as(processes.read("restart")).isZero();
            System.out.printf("%s, %d partitions: a worker killed at %.1f s, the restarted job completed at %.1f s%n",
                    application.getSimpleName(), firstRun.size(), killedAt, seconds(started));

            Partition killed = unfinished.get(0);
            List<Partition> secondRun = partitions().stream()
                    .filter(p -> p.jobExecution() != killed.jobExecution()).toList();
            String status = secondRun.isEmpty() ? "none" : jobRepository.queryForObject(
                    "SELECT STATUS FROM BATCH_JOB_EXECUTION WHERE JOB_EXECUTION_ID = ?", String.class,
                    secondRun.get(0).jobExecution());
            return new Outcome(killed, firstRun, secondRun, status);
        }
    }

    private List<Partition> partitions() {
        return jobRepository.query("SELECT STEP_NAME, STATUS, COMMIT_COUNT, READ_COUNT, JOB_EXECUTION_ID"
                + " FROM BATCH_STEP_EXECUTION WHERE STEP_NAME LIKE ? ORDER BY STEP_EXECUTION_ID",
                (row, index) -> new Partition(row.getString(1), row.getString(2), row.getLong(3), row.getLong(4),
                        row.getLong(5)), workerStep + ":%");
    }

    private List<Partition> await(Predicate<List<Partition>> done, String what, JvmProcesses processes)
            throws InterruptedException {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (System.nanoTime() < deadline) {
            if (!processes.allAlive()) {
                throw new AssertionError("A process ended while waiting for " + what + "; manager log:\n"
                        + processes.read("manager"));
            }
            List<Partition> now = partitions();
            if (done.test(now)) {
                return now;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("Timed out waiting for " + what + "; partitions: " + partitions()
                + "\nmanager log:\n" + processes.read("manager"));
    }

    private static String lastStarted(String log) {
        int at = log.lastIndexOf("PARTITION ");
        return at < 0 ? "" : log.substring(at + "PARTITION ".length(), log.indexOf(" START", at));
    }

    private static double seconds(long since) {
        return (System.nanoTime() - since) / 1e9;
    }

    private List<String> with(String... more) {
        List<String> all = new ArrayList<>(settings);
        all.addAll(List.of(more));
        return all;
    }
}
