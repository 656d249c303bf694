package io.dynamodbtoolkit.springdata.transaction;

import java.util.List;

import io.dynamodbtoolkit.transaction.TransactionAction;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/** What the transaction the thread is in on a client holds so far, e.g. to log or show what its commit will send. */
public final class DynamoDbTransactions {

    private DynamoDbTransactions() {
    }

    /**
     * @param client the client of the transaction manager
     * @return the actions the commit of the current transaction will send as one TransactWriteItems, in order (with
     *         the parent guards' checks, merged where they meet another action on their item); empty when the thread
     *         is in no DynamoDB transaction or it has written nothing
     */
    public static List<TransactWriteItem> pendingActions(DynamoDbClient client) {
        if (TransactionSynchronizationManager.getResource(client) instanceof UnitOfWork unit) {
            return unit.actions().stream().map(TransactionAction::action).toList();
        }
        return List.of();
    }
}
