package io.dynamodbtoolkit.springdata.transaction;

import java.util.Objects;

import io.dynamodbtoolkit.batch.RetryPolicy;
import io.dynamodbtoolkit.transaction.TransactionCancelledException;
import io.dynamodbtoolkit.transaction.TransactionWriter;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitExceptionTranslator;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.support.PersistenceExceptionTranslator;
import org.springframework.transaction.NestedTransactionNotSupportedException;
import org.springframework.transaction.SavepointManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionException;
import org.springframework.transaction.TransactionTimedOutException;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;
import org.springframework.transaction.support.ResourceTransactionManager;
import org.springframework.transaction.support.SmartTransactionObject;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * A {@link org.springframework.transaction.PlatformTransactionManager} for DynamoDB: a transaction is a unit of
 * work bound to the thread (a resource of {@link TransactionSynchronizationManager}, keyed by the
 * {@link DynamoDbClient}), into which the writes of every template and repository on that client go, with all their
 * conditions, instead of being sent. Commit sends them as one TransactWriteItems with a ClientRequestToken (the SDK's
 * retries of it are idempotent; a cancellation caused only by another transaction holding an item is sent again
 * with a fresh token); rollback discards them. A cancellation is thrown as the exception of the write whose action
 * failed: {@code OptimisticLockingFailureException} for a version conflict, {@code DuplicateKeyException} for an
 * insert of an existing key, {@code DataIntegrityViolationException} for a failed check or a missing parent.
 *
 * <p>DynamoDB reads no uncommitted writes: reads inside a transaction see the table, not the unit's pending
 * writes. Limits are checked at the write that crosses them (100 actions, 4 MB, two actions on one item); batch and
 * mass writes are refused inside a transaction. Propagation REQUIRED, REQUIRES_NEW, SUPPORTS, NOT_SUPPORTED,
 * MANDATORY and NEVER behave as Spring documents; NESTED is refused (a TransactWriteItems has no savepoints); a
 * read-only transaction refuses writes. A timeout ({@code @Transactional(timeout = ...)}, or the manager's default
 * timeout) is a deadline: a write or a commit past it throws {@link TransactionTimedOutException} and the
 * transaction rolls back, nothing of it sent. With an {@link ObservationRegistry} each commit is observed as
 * {@value #OBSERVATION}, tagged with its outcome and its number of actions.
 */
public class DynamoDbTransactionManager extends AbstractPlatformTransactionManager
        implements ResourceTransactionManager {

    /** The name of the observation of a commit (a timer with Micrometer's default handler). */
    public static final String OBSERVATION = "dynamodb.toolkit.transaction.commit";

    private final transient DynamoDbClient client;
    private final transient TransactionWriter writer;
    private transient PersistenceExceptionTranslator translator = new DynamoDbToolkitExceptionTranslator();
    private transient ObservationRegistry observations = ObservationRegistry.NOOP;

    /** @param client the client whose templates and repositories join the transactions */
    public DynamoDbTransactionManager(DynamoDbClient client) {
        this(client, RetryPolicy.DEFAULT);
    }

    /**
     * @param client the client whose templates and repositories join the transactions
     * @param policy how often a commit cancelled only by conflicts with other transactions is sent again
     */
    public DynamoDbTransactionManager(DynamoDbClient client, RetryPolicy policy) {
        this.client = Objects.requireNonNull(client, "client");
        this.writer = new TransactionWriter(client, policy);
        // NESTED reaches the savepoint manager, which refuses it with a message of its own
        setNestedTransactionAllowed(true);
        // the only TransactionException a commit throws is the timeout's, refused before anything is sent
        setRollbackOnCommitFailure(true);
    }

    /** @param translator translates a failed commit (by default the toolkit's translator) */
    public void setExceptionTranslator(PersistenceExceptionTranslator translator) {
        this.translator = Objects.requireNonNull(translator, "translator");
    }

    /** @param registry observes each commit as {@value #OBSERVATION} */
    public void setObservationRegistry(ObservationRegistry registry) {
        this.observations = Objects.requireNonNull(registry, "registry");
    }

    @Override
    public DynamoDbClient getResourceFactory() {
        return client;
    }

    @Override
    protected Object doGetTransaction() {
        return new TransactionObject((UnitOfWork) TransactionSynchronizationManager.getResource(client));
    }

    @Override
    protected boolean isExistingTransaction(Object transaction) {
        return ((TransactionObject) transaction).unit != null;
    }

    @Override
    protected boolean useSavepointForNestedTransaction() {
        return true;
    }

    @Override
    protected void doBegin(Object transaction, TransactionDefinition definition) {
        if (definition.getPropagationBehavior() == TransactionDefinition.PROPAGATION_NESTED) {
            throw TransactionObject.nestedRefused();
        }
        TransactionObject object = (TransactionObject) transaction;
        object.unit = new UnitOfWork(definition.isReadOnly());
        int timeout = determineTimeout(definition);
        if (timeout != TransactionDefinition.TIMEOUT_DEFAULT) {
            object.unit.setTimeoutInSeconds(timeout);
        }
        TransactionSynchronizationManager.bindResource(client, object.unit);
    }

    @Override
    protected Object doSuspend(Object transaction) {
        ((TransactionObject) transaction).unit = null;
        return TransactionSynchronizationManager.unbindResource(client);
    }

    @Override
    protected void doResume(@Nullable Object transaction, Object suspendedResources) {
        TransactionSynchronizationManager.bindResource(client, suspendedResources);
    }

    @Override
    protected void doCommit(DefaultTransactionStatus status) throws TransactionException {
        UnitOfWork unit = ((TransactionObject) status.getTransaction()).requireUnit();
        if (unit.isEmpty()) {
            unit.commit(writer);
            return;
        }
        Observation observation = Observation.createNotStarted(OBSERVATION, observations)
                .lowCardinalityKeyValue("actions", String.valueOf(unit.size())).start();
        try {
            unit.commit(writer);
            observation.lowCardinalityKeyValue("outcome", "committed");
        } catch (RuntimeException e) {
            observation.lowCardinalityKeyValue("outcome", e instanceof TransactionCancelledException
                    || e instanceof DataAccessException ? "cancelled" : "failed");
            observation.error(e);
            throw translated(e);
        } finally {
            observation.stop();
        }
    }

    @Override
    protected void doRollback(DefaultTransactionStatus status) throws TransactionException {
        ((TransactionObject) status.getTransaction()).requireUnit().discard();
    }

    @Override
    protected void doSetRollbackOnly(DefaultTransactionStatus status) throws TransactionException {
        ((TransactionObject) status.getTransaction()).requireUnit().setRollbackOnly();
    }

    @Override
    protected void doCleanupAfterCompletion(Object transaction) {
        TransactionObject object = (TransactionObject) transaction;
        if (object.unit != null && TransactionSynchronizationManager.getResource(client) == object.unit) {
            TransactionSynchronizationManager.unbindResource(client);
        }
        object.unit = null;
    }

    private RuntimeException translated(RuntimeException e) {
        if (e instanceof DataAccessException) {
            return e;
        }
        DataAccessException translated = translator.translateExceptionIfPossible(e);
        return translated != null ? translated : e;
    }

    @Override
    public String toString() {
        return "DynamoDbTransactionManager[" + client + "]";
    }

    /** The transaction object: the unit of work of the transaction, when it has begun. */
    private static final class TransactionObject implements SmartTransactionObject, SavepointManager {

        private @Nullable UnitOfWork unit;

        TransactionObject(@Nullable UnitOfWork unit) {
            this.unit = unit;
        }

        /** @return the unit of work of a transaction begun and not yet cleaned up */
        UnitOfWork requireUnit() {
            return Objects.requireNonNull(unit, "a transaction in progress has its unit of work");
        }

        static NestedTransactionNotSupportedException nestedRefused() {
            return new NestedTransactionNotSupportedException("DynamoDB transactions cannot nest: a "
                    + "TransactWriteItems has no savepoints to roll back to. Use PROPAGATION_REQUIRED to join the "
                    + "transaction, or PROPAGATION_REQUIRES_NEW for an independent one");
        }

        @Override
        public boolean isRollbackOnly() {
            return unit != null && unit.isRollbackOnly();
        }

        @Override
        public void flush() {
            // writes are sent at commit only
        }

        @Override
        public Object createSavepoint() {
            throw nestedRefused();
        }

        @Override
        public void rollbackToSavepoint(Object savepoint) {
            throw nestedRefused();
        }

        @Override
        public void releaseSavepoint(Object savepoint) {
            throw nestedRefused();
        }
    }
}
