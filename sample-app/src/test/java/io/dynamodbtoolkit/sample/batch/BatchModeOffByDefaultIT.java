package io.dynamodbtoolkit.sample.batch;

import static org.assertj.core.api.Assertions.assertThat;

import javax.sql.DataSource;

import io.dynamodbtoolkit.sample.api.ApiTestSupport;
import io.dynamodbtoolkit.springbatch.job.DynamoDbToolkitJobs;
import io.dynamodbtoolkit.springbatch.remote.RemotePartitioning;
import org.junit.jupiter.api.Test;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.ApplicationContext;

/**
 * Spring Batch, spring-integration-jdbc and a JDBC driver are in the sample's jar for the profile "batch", yet its
 * default run is what it was: no DataSource, no job repository, no ready jobs, no remote partitioning, no manager;
 * the embedded engine with the demo data, serving the API.
 */
class BatchModeOffByDefaultIT extends ApiTestSupport {

    @Autowired
    private ApplicationContext context;

    @Test
    void theDefaultRunHasNoDatabaseAndNoBatchBeans() throws Exception {
        assertThat(context.getEnvironment().getActiveProfiles()).isEmpty();
        assertThat(context.getBeanNamesForType(DataSource.class)).isEmpty();
        assertThat(context.getBeanNamesForType(JobRepository.class)).isEmpty();
        assertThat(context.getBeanNamesForType(DynamoDbToolkitJobs.class)).isEmpty();
        assertThat(context.getBeanNamesForType(RemotePartitioning.class)).isEmpty();
        assertThat(context.getBeanNamesForType(MoveJobRun.class)).isEmpty();
        assertThat(context.containsBean("embeddedDynamoDb")).isTrue();
        assertThat(getOk("/api/rentals/states")).contains("Texas");
    }
}
