package io.dynamodbtoolkit.springdata.core;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.transaction.ActionCollector;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.OptimisticLockingFailureException;
import org.springframework.dao.support.PersistenceExceptionTranslator;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * How a template's calls take part in a Spring transaction: the unit of work a transaction manager bound to the
 * thread for the adapter's client (writes go into it), the refusal of what cannot join one, and the failures of a
 * cancelled commit named by the entity whose write failed.
 */
final class TransactionParticipation {

    private TransactionParticipation() {
    }

    /** @return the unit of work of the transaction the thread is in on the adapter's client, or null */
    static @Nullable ActionCollector unitOf(Adapter<?> adapter) {
        return TransactionSynchronizationManager.getResource(adapter.client()) instanceof ActionCollector unit ? unit
                : null;
    }

    /**
     * Refuses a call that cannot be atomic inside a transaction.
     *
     * @param what the call, as the message names it
     */
    static void refuseInTransaction(Adapter<?> adapter, String what) {
        if (unitOf(adapter) != null) {
            throw new IllegalStateException(what + " cannot run inside a transaction: it writes page by page and "
                    + "cannot be atomic; run it outside the transaction");
        }
    }

    /**
     * @return the unit, explaining the failure of the actions given to it as the failure of a write of the entity:
     *         a version conflict as an {@link OptimisticLockingFailureException}, a duplicate as a
     *         {@link DuplicateKeyException}, anything else as a {@link DataIntegrityViolationException}, each naming
     *         the entity and the item's key
     */
    static ActionCollector naming(ActionCollector unit, String entity, PersistenceExceptionTranslator translator) {
        return (actions, explainer) -> unit.collect(actions, (index, failure, cancelled) -> {
            RuntimeException explained = explainer.explain(index, failure, cancelled);
            return explained == null ? null : named(entity, explained, translator);
        });
    }

    private static DataAccessException named(String entity, RuntimeException explained,
            PersistenceExceptionTranslator translator) {
        DataAccessException translated = translator.translateExceptionIfPossible(explained);
        String message = entity + ": " + (translated != null ? translated.getMessage() : explained.getMessage());
        if (translated instanceof OptimisticLockingFailureException) {
            return new OptimisticLockingFailureException(message, explained);
        }
        if (translated instanceof DuplicateKeyException) {
            return new DuplicateKeyException(message, explained);
        }
        return new DataIntegrityViolationException(message, explained);
    }
}
