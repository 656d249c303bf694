package io.dynamodbtoolkit.springbatch.remote;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.springframework.batch.core.repository.JobRepository;
import org.springframework.batch.core.repository.support.ResourcelessJobRepository;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.integration.jdbc.store.JdbcChannelMessageStore;
import org.springframework.integration.jdbc.store.channel.H2ChannelMessageStoreQueryProvider;
import org.springframework.integration.jdbc.store.channel.MySqlChannelMessageStoreQueryProvider;
import org.springframework.integration.jdbc.store.channel.PostgresChannelMessageStoreQueryProvider;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseBuilder;
import org.springframework.jdbc.datasource.embedded.EmbeddedDatabaseType;

/** The checks made before anything is sent: the database's queries, and settings refused naming the setting. */
class RemotePartitioningTest {

    private final JobRepository jobRepository = new ResourcelessJobRepository();
    private final JdbcChannelMessageStore store = RemotePartitioning.requestStore(new EmbeddedDatabaseBuilder()
            .generateUniqueName(true).setType(EmbeddedDatabaseType.H2).build());

    @Test
    void theQueriesFollowTheDatabaseProduct() {
        assertThat(ChannelMessageStoreQueries.forProduct("PostgreSQL"))
                .isInstanceOf(PostgresChannelMessageStoreQueryProvider.class);
        assertThat(ChannelMessageStoreQueries.forProduct("H2")).isInstanceOf(H2ChannelMessageStoreQueryProvider.class);
        assertThat(ChannelMessageStoreQueries.forProduct("MariaDB"))
                .isInstanceOf(MySqlChannelMessageStoreQueryProvider.class);
    }

    @Test
    void aDatabaseWithoutQueriesIsRefusedNamingItAndTheWayOut() {
        assertThatThrownBy(() -> ChannelMessageStoreQueries.forProduct("SQLite"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("'SQLite'")
                .hasMessageContaining("declare a JdbcChannelMessageStore bean");
    }

    @Test
    void settingsThatCannotWorkAreRefusedNamingThem() {
        assertThatThrownBy(() -> remote(" ", Duration.ofSeconds(1), null))
                .hasMessageContaining("partition request group must not be blank");
        assertThatThrownBy(() -> remote("g", Duration.ZERO, null)).hasMessageContaining("poll interval is PT0S");
        assertThatThrownBy(() -> remote("g", Duration.ofSeconds(1), Duration.ofSeconds(-1)))
                .hasMessageContaining("manager timeout is PT-1S");
        assertThatThrownBy(() -> remote("g", Duration.ofSeconds(1), null)
                .managerStep("manager", "worker", grid -> Map.of(), 0))
                .hasMessageContaining("grid size of step 'manager' is 0");
    }

    private RemotePartitioning remote(String group, Duration pollInterval, Duration managerTimeout) {
        return new RemotePartitioning(jobRepository, new DefaultListableBeanFactory(), store, group, pollInterval,
                managerTimeout);
    }
}
