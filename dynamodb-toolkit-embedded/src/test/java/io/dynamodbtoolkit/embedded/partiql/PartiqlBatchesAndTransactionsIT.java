package io.dynamodbtoolkit.embedded.partiql;

import io.dynamodbtoolkit.embedded.support.EmbeddedServer;
import io.dynamodbtoolkit.embedded.support.TableNames;
import io.dynamodbtoolkit.embedded.support.Tables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementErrorCodeEnum;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementRequest;
import software.amazon.awssdk.services.dynamodb.model.BatchStatementResponse;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.ItemResponse;
import software.amazon.awssdk.services.dynamodb.model.ParameterizedStatement;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

import java.util.List;
import java.util.Map;

import static io.dynamodbtoolkit.embedded.support.Tables.n;
import static io.dynamodbtoolkit.embedded.support.Tables.s;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/** BatchExecuteStatement (each statement on its own, errors per statement) and ExecuteTransaction (all or none). */
@EmbeddedServer
class PartiqlBatchesAndTransactionsIT {

    private static String table;

    @BeforeAll
    static void createTable(DynamoDbClient client, TableNames names) {
        table = names.next();
        Tables.create(client, table, "pk", ScalarAttributeType.S, null, null);
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("existing"), "n", n(1))));
        client.putItem(b -> b.tableName(table).item(Map.of("pk", s("guard"), "n", n(1))));
    }

    private static BatchStatementRequest statement(String text, AttributeValue... parameters) {
        return BatchStatementRequest.builder().statement(text.replace("$T", "\"" + table + "\""))
                .parameters(parameters.length == 0 ? null : List.of(parameters)).build();
    }

    private static ParameterizedStatement transactional(String text, AttributeValue... parameters) {
        return ParameterizedStatement.builder().statement(text.replace("$T", "\"" + table + "\""))
                .parameters(parameters.length == 0 ? null : List.of(parameters)).build();
    }

    @Test
    void aBatchRunsEachStatementOnItsOwnAndReportsErrorsPerStatement(DynamoDbClient client) {
        List<BatchStatementResponse> writes = client.batchExecuteStatement(b -> b.statements(
                statement("INSERT INTO $T VALUE {'pk': 'b1', 'n': 1}"),
                statement("INSERT INTO $T VALUE {'pk': 'existing'}"),
                statement("UPDATE $T SET n = 5 WHERE pk = ? AND n = 100", s("existing")),
                statement("DELETE FROM $T WHERE pk = 'absent'"))).responses();
        List<BatchStatementResponse> reads = client.batchExecuteStatement(b -> b.statements(
                statement("SELECT * FROM $T WHERE pk = 'b1'"), statement("SELECT n FROM $T WHERE pk = ?", s("existing")),
                statement("SELECT * FROM $T WHERE pk = 'absent'"))).responses();

        assertThat(writes.get(0).error()).isNull();
        assertThat(writes.get(1).error().code()).isEqualTo(BatchStatementErrorCodeEnum.DUPLICATE_ITEM);
        assertThat(writes.get(2).error().code()).isEqualTo(BatchStatementErrorCodeEnum.CONDITIONAL_CHECK_FAILED);
        assertThat(writes.get(3).error()).isNull();
        assertThat(reads.get(0).item()).isEqualTo(Map.of("pk", s("b1"), "n", n(1)));
        assertThat(reads.get(0).tableName()).isEqualTo(table);
        assertThat(reads.get(1).item()).isEqualTo(Map.of("n", n(1)));
        assertThat(reads.get(2).hasItem()).isFalse();
        assertThatThrownBy(() -> client.batchExecuteStatement(b -> b.statements(
                statement("SELECT * FROM $T WHERE pk = 'b1'"), statement("DELETE FROM $T WHERE pk = 'b1'"))))
                .hasMessageContaining("BatchExecuteStatement statements must be all reads (SELECT) or all writes");
        BatchStatementResponse notAPointRead = client.batchExecuteStatement(b -> b.statements(
                statement("SELECT * FROM $T WHERE n = 1"))).responses().get(0);
        assertThat(notAPointRead.error().code()).isEqualTo(BatchStatementErrorCodeEnum.VALIDATION_ERROR);
        assertThat(notAPointRead.error().message())
                .isEqualTo("Where clause does not contain a mandatory equality on all key attributes");
    }

    @Test
    void aTransactionWritesAllOrNothingWithExistsChecks(DynamoDbClient client) {
        client.executeTransaction(b -> b.transactStatements(
                transactional("INSERT INTO $T VALUE {'pk': 't1', 'n': 1}"),
                transactional("UPDATE $T SET n = n + 1 WHERE pk = 'existing'"),
                transactional("EXISTS(SELECT * FROM $T WHERE pk = 'guard' AND n = 1)")));
        assertThat(client.getItem(b -> b.tableName(table).key(Map.of("pk", s("t1")))).hasItem()).isTrue();

        TransactionCanceledException cancelled = catchThrowableOfType(TransactionCanceledException.class,
                () -> client.executeTransaction(b -> b.transactStatements(
                        transactional("INSERT INTO $T VALUE {'pk': 't2'}"),
                        transactional("INSERT INTO $T VALUE {'pk': 't1'}"),
                        transactional("EXISTS(SELECT * FROM $T WHERE pk = 'guard' AND n = 100)"),
                        transactional("DELETE FROM $T WHERE pk = ?", s("existing")))));

        assertThat(cancelled.cancellationReasons()).extracting(CancellationReason::code)
                .containsExactly("None", "DuplicateItem", "ConditionalCheckFailed", "None");
        assertThat(client.getItem(b -> b.tableName(table).key(Map.of("pk", s("t2")))).hasItem()).isFalse();
        assertThat(client.getItem(b -> b.tableName(table).key(Map.of("pk", s("existing")))).item())
                .containsEntry("n", n(2));
    }

    @Test
    void aReadTransactionAnswersEachItemInOrder(DynamoDbClient client) {
        List<ItemResponse> responses = client.executeTransaction(b -> b.transactStatements(
                transactional("SELECT n FROM $T WHERE pk = 'existing'"),
                transactional("SELECT * FROM $T WHERE pk = 'nothing-here'"))).responses();

        assertThat(responses).hasSize(2);
        assertThat(responses.get(0).item()).containsOnlyKeys("n");
        assertThat(responses.get(1).hasItem()).isFalse();
        assertThatThrownBy(() -> client.executeTransaction(b -> b.transactStatements(
                transactional("SELECT * FROM $T WHERE pk = 'existing'"),
                transactional("DELETE FROM $T WHERE pk = 'existing'"))))
                .hasMessageContaining("ExecuteTransaction statements must be all reads (SELECT) or all writes");
    }
}
