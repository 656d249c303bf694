package io.dynamodbtoolkit.springbatch.remote;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Locale;

import javax.sql.DataSource;

import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.integration.jdbc.store.channel.ChannelMessageStoreQueryProvider;
import org.springframework.integration.jdbc.store.channel.DerbyChannelMessageStoreQueryProvider;
import org.springframework.integration.jdbc.store.channel.H2ChannelMessageStoreQueryProvider;
import org.springframework.integration.jdbc.store.channel.HsqlChannelMessageStoreQueryProvider;
import org.springframework.integration.jdbc.store.channel.MySqlChannelMessageStoreQueryProvider;
import org.springframework.integration.jdbc.store.channel.OracleChannelMessageStoreQueryProvider;
import org.springframework.integration.jdbc.store.channel.PostgresChannelMessageStoreQueryProvider;
import org.springframework.integration.jdbc.store.channel.SqlServerChannelMessageStoreQueryProvider;

/**
 * Chooses Spring Integration's channel message store queries for the database behind a {@link DataSource}, from
 * the product name its JDBC driver reports.
 */
public final class ChannelMessageStoreQueries {

    private ChannelMessageStoreQueries() {
    }

    /**
     * The query provider for the database of {@code dataSource}.
     *
     * @throws IllegalStateException when the database is not one Spring Integration has queries for
     */
    public static ChannelMessageStoreQueryProvider forDatabaseOf(DataSource dataSource) {
        return forProduct(productName(dataSource));
    }

    /**
     * The query provider for a database product name as JDBC reports it ({@code PostgreSQL}, {@code H2},
     * {@code MySQL}, {@code MariaDB}, {@code Oracle}, {@code Microsoft SQL Server}, {@code HSQL Database Engine},
     * {@code Apache Derby}).
     *
     * @throws IllegalStateException for any other product
     */
    public static ChannelMessageStoreQueryProvider forProduct(String productName) {
        String product = productName.toLowerCase(Locale.ROOT);
        if (product.contains("postgres")) {
            return new PostgresChannelMessageStoreQueryProvider();
        }
        if (product.equals("h2")) {
            return new H2ChannelMessageStoreQueryProvider();
        }
        if (product.contains("mysql") || product.contains("mariadb")) {
            return new MySqlChannelMessageStoreQueryProvider();
        }
        if (product.contains("oracle")) {
            return new OracleChannelMessageStoreQueryProvider();
        }
        if (product.contains("sql server")) {
            return new SqlServerChannelMessageStoreQueryProvider();
        }
        if (product.contains("hsql")) {
            return new HsqlChannelMessageStoreQueryProvider();
        }
        if (product.contains("derby")) {
            return new DerbyChannelMessageStoreQueryProvider();
        }
        throw new IllegalStateException("The job repository's database is '" + productName + "', for which Spring "
                + "Integration has no channel message store queries; declare a JdbcChannelMessageStore bean with a "
                + "ChannelMessageStoreQueryProvider of your own, or move the job repository to PostgreSQL, MySQL, "
                + "MariaDB, Oracle, SQL Server, H2, HSQLDB or Derby");
    }

    private static String productName(DataSource dataSource) {
        try (Connection connection = dataSource.getConnection()) {
            return connection.getMetaData().getDatabaseProductName();
        } catch (SQLException e) {
            throw new DataAccessResourceFailureException(
                    "Could not read the job repository database's product name to choose the partition request "
                            + "queue's queries: " + e.getMessage(), e);
        }
    }
}
