package io.dynamodbtoolkit.sample.batch;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

import javax.sql.DataSource;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.io.ClassPathResource;
import org.springframework.dao.DataAccessException;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.init.ResourceDatabasePopulator;
import org.springframework.jdbc.support.JdbcTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Creates the tables of Spring Batch's job repository and of the partition requests' queue (spring-integration-jdbc's
 * {@code INT_CHANNEL_MESSAGE}) from the scripts those libraries ship, when the database does not have them yet.
 */
final class JobRepositorySchema {

    private static final Logger log = LoggerFactory.getLogger(JobRepositorySchema.class);

    private JobRepositorySchema() {
    }

    /**
     * @param dataSource the job repository's database
     * @throws IllegalStateException when the database is neither PostgreSQL nor H2 (the databases whose drivers the
     *                               sample has), or cannot be reached
     */
    static void createIfMissing(DataSource dataSource) {
        if (exists(dataSource, "BATCH_JOB_INSTANCE") && exists(dataSource, "INT_CHANNEL_MESSAGE")) {
            return;
        }
        String product = scriptSuffix(dataSource);
        ResourceDatabasePopulator scripts = new ResourceDatabasePopulator(
                new ClassPathResource("org/springframework/batch/core/schema-" + product + ".sql"),
                new ClassPathResource("org/springframework/integration/jdbc/schema-" + product + ".sql"));
        try {
            // one transaction: on PostgreSQL another instance creating them at the same time waits for it, then fails
            new TransactionTemplate(new JdbcTransactionManager(dataSource))
                    .executeWithoutResult(status -> scripts.execute(dataSource));
        } catch (DataAccessException e) {
            if (exists(dataSource, "BATCH_JOB_INSTANCE") && exists(dataSource, "INT_CHANNEL_MESSAGE")) {
                log.info("Another instance created the job repository's tables meanwhile");
                return;
            }
            throw e;
        }
        log.info("Created the job repository's tables and the partition requests' table ({})", product);
    }

    private static boolean exists(DataSource dataSource, String table) {
        try {
            new JdbcTemplate(dataSource).queryForObject("SELECT COUNT(*) FROM " + table, Long.class);
            return true;
        } catch (DataAccessException e) {
            return false;
        }
    }

    private static String scriptSuffix(DataSource dataSource) {
        String product;
        try (Connection connection = dataSource.getConnection()) {
            product = connection.getMetaData().getDatabaseProductName();
        } catch (SQLException e) {
            throw new IllegalStateException("Cannot reach the job repository's database: " + e.getMessage(), e);
        }
        return switch (product.toLowerCase(Locale.ROOT)) {
            case "postgresql" -> "postgresql";
            case "h2" -> "h2";
            default -> throw new IllegalStateException("The job repository's database is " + product + ", but the "
                    + "sample creates its tables on PostgreSQL and H2 only: create them with Spring Batch's and "
                    + "spring-integration-jdbc's schema-<database>.sql");
        };
    }
}
