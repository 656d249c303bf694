package io.dynamodbtoolkit.springweb;

import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.BeforeAll;

/** The tables of the {@link RestFixture}, created once per test class on the test run's server. */
@DynamoDbTest
abstract class RestTestSupport {

    static String rentalsTable;
    static String issuesTable;

    @BeforeAll
    static void createTables(TestTables tables) {
        rentalsTable = tables.create(RestFixture.RENTALS);
        issuesTable = tables.create(RestFixture.ISSUES);
    }
}
