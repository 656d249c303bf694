package io.dynamodbtoolkit.springdata.core;

import java.util.Objects;

import io.dynamodbtoolkit.adapter.QueryPlan;

/**
 * A list read planned once (at start-up or per call, by the repository's query classes) and run by either template:
 * the blocking one ({@link #on(DynamoDbToolkitOperations)}) or the reactive one
 * ({@link #on(ReactiveDynamoDbToolkitOperations)}). One plan, two executors: the key condition, index, order and
 * scope are in the plan; the templates only send it.
 *
 * @param <T> the entity type the rows are read as
 */
public sealed interface PlannedRead<T> {

    /** @return the read of a query plan (a key seek on the table or an index, the scope already applied) */
    static <T> PlannedRead<T> query(QueryPlan plan, Class<T> entityClass) {
        return new Query<>(Objects.requireNonNull(plan, "plan"), entityClass);
    }

    /** @return the read of every member of a sparse index (a Scan of the index, which holds only its members) */
    static <T> PlannedRead<T> indexMembers(String indexName, Class<T> entityClass) {
        return new IndexMembers<>(Objects.requireNonNull(indexName, "indexName"), entityClass);
    }

    /** @return a Scan of the table (confined to the scope by the template), for {@code @AllowScan} methods only */
    static <T> PlannedRead<T> tableScan(Class<T> entityClass) {
        return new TableScan<>(entityClass);
    }

    /** @return the read's pages on the blocking template */
    ItemSource<T> on(DynamoDbToolkitOperations operations);

    /** @return the read's pages on the reactive template (each fetched when subscribed) */
    ReactiveItemSource<T> on(ReactiveDynamoDbToolkitOperations operations);

    /** A key seek of a plan. */
    record Query<T>(QueryPlan plan, Class<T> entityClass) implements PlannedRead<T> {

        @Override
        public ItemSource<T> on(DynamoDbToolkitOperations operations) {
            return options -> operations.findPage(plan, options, entityClass);
        }

        @Override
        public ReactiveItemSource<T> on(ReactiveDynamoDbToolkitOperations operations) {
            return options -> operations.findPage(plan, options, entityClass);
        }
    }

    /** The members of a sparse index, by a Scan of the index. */
    record IndexMembers<T>(String indexName, Class<T> entityClass) implements PlannedRead<T> {

        @Override
        public ItemSource<T> on(DynamoDbToolkitOperations operations) {
            return options -> operations.findIndexMembers(indexName, options, entityClass);
        }

        @Override
        public ReactiveItemSource<T> on(ReactiveDynamoDbToolkitOperations operations) {
            return options -> operations.findIndexMembers(indexName, options, entityClass);
        }
    }

    /** A Scan of the table. */
    record TableScan<T>(Class<T> entityClass) implements PlannedRead<T> {

        @Override
        public ItemSource<T> on(DynamoDbToolkitOperations operations) {
            return options -> operations.scan(options, entityClass);
        }

        @Override
        public ReactiveItemSource<T> on(ReactiveDynamoDbToolkitOperations operations) {
            return options -> operations.scan(options, entityClass);
        }
    }
}
