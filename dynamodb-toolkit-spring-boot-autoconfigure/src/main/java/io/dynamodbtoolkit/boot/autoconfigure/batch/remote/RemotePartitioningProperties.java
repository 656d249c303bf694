package io.dynamodbtoolkit.boot.autoconfigure.batch.remote;

import java.time.Duration;

import io.dynamodbtoolkit.springbatch.remote.RemotePartitioning;
import org.jspecify.annotations.Nullable;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Remote partitioning of the application's Spring Batch steps across instances of the application, over the job
 * repository's database ({@code dynamodb.toolkit.batch.remote.*}).
 */
@ConfigurationProperties("dynamodb.toolkit.batch.remote")
public class RemotePartitioningProperties {

    /** What this instance is: the manager that launches jobs and sends partitions, or a worker that runs them. */
    private @Nullable Role role;

    /** The message group of the partition requests in the job repository's database; the same in every instance. */
    private String requestGroup = RemotePartitioning.DEFAULT_REQUEST_GROUP;

    /** How often a worker polls for partition requests and the manager polls the job repository for their end. */
    private Duration pollInterval = Duration.ofSeconds(1);

    /**
     * How long the manager waits for its partitions before it fails the step; unset to wait until every partition
     * has ended (a worker killed mid-partition then keeps the manager waiting until the job is recovered).
     */
    private @Nullable Duration managerTimeout;

    /**
     * The worker processes (each runs one partition at a time) that the ready jobs' partitions are spread over: the
     * partitions that run at once, which divide a job's rate. Never fewer than the workers actually running.
     */
    private int workers = 1;

    /** The role of an instance. */
    public enum Role {
        /** Launches jobs and sends their partitions to the workers; runs no partition itself. */
        MANAGER,
        /** Polls the partition requests and runs them, one at a time. */
        WORKER
    }

    public @Nullable Role getRole() {
        return role;
    }

    public void setRole(@Nullable Role role) {
        this.role = role;
    }

    public String getRequestGroup() {
        return requestGroup;
    }

    public void setRequestGroup(String requestGroup) {
        this.requestGroup = requestGroup;
    }

    public Duration getPollInterval() {
        return pollInterval;
    }

    public void setPollInterval(Duration pollInterval) {
        this.pollInterval = pollInterval;
    }

    public int getWorkers() {
        return workers;
    }

    public void setWorkers(int workers) {
        this.workers = workers;
    }

    public @Nullable Duration getManagerTimeout() {
        return managerTimeout;
    }

    public void setManagerTimeout(@Nullable Duration managerTimeout) {
        this.managerTimeout = managerTimeout;
    }
}
