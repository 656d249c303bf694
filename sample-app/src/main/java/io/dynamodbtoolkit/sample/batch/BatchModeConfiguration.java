package io.dynamodbtoolkit.sample.batch;

import javax.sql.DataSource;

import org.springframework.batch.core.configuration.annotation.EnableBatchProcessing;
import org.springframework.batch.core.configuration.annotation.EnableJdbcJobRepository;
import org.springframework.batch.core.configuration.support.MapJobRegistry;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Profile;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.datasource.DriverManagerDataSource;
import org.springframework.jdbc.support.JdbcTransactionManager;

/**
 * The profile {@code batch}: a Spring Batch job repository in the database of {@code spring.datasource.url}, which
 * the toolkit's auto-configuration then uses for the ready jobs ({@code rentals.moveAllUnder}, ...) and, with
 * {@code dynamodb.toolkit.batch.remote.role}, for remote partitioning (the partition requests queued in the same
 * database). Without the profile none of these beans exists: the sample runs with no database.
 */
@Configuration(proxyBeanMethods = false)
@Profile(BatchModeConfiguration.PROFILE)
@EnableBatchProcessing
@EnableJdbcJobRepository
@EnableConfigurationProperties(BatchRunProperties.class)
public class BatchModeConfiguration {

    /** The profile that turns the batch mode on. */
    public static final String PROFILE = "batch";

    /** The property naming the job repository's database. */
    static final String DATABASE_URL = "spring.datasource.url";

    /**
     * The job repository's database. A plain DataSource (a connection per use): enough for a manager and a few
     * workers polling once a second; an application of your own would use a pool (Spring Boot's
     * {@code spring-boot-starter-jdbc}).
     */
    @Bean
    DataSource dataSource(Environment environment) {
        String url = environment.getProperty(DATABASE_URL);
        if (url == null || url.isBlank()) {
            throw new IllegalStateException("The profile 'batch' keeps the job repository in a database: pass its "
                    + "JDBC URL as --" + DATABASE_URL + "=jdbc:postgresql://127.0.0.1:5432/postgres?user=postgres "
                    + "(see the README, 'Beyond one JVM')");
        }
        DriverManagerDataSource dataSource = new DriverManagerDataSource(url);
        dataSource.setUsername(environment.getProperty("spring.datasource.username"));
        dataSource.setPassword(environment.getProperty("spring.datasource.password"));
        JobRepositorySchema.createIfMissing(dataSource);
        return dataSource;
    }

    @Bean
    JdbcTransactionManager transactionManager(DataSource dataSource) {
        return new JdbcTransactionManager(dataSource);
    }

    /** The registry the toolkit registers its ready jobs in, so that they can be found by name. */
    @Bean
    MapJobRegistry jobRegistry() {
        return new MapJobRegistry();
    }
}
