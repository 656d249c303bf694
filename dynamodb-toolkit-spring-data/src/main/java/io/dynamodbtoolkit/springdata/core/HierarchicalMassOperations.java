package io.dynamodbtoolkit.springdata.core;

import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;

/**
 * The subtree mass operations both templates offer: {@link DynamoDbToolkitOperations} returns each run's
 * {@code MassResult}, {@link ReactiveDynamoDbToolkitOperations} a {@code Mono} of it. Code that dispatches to them
 * (a mass query method of a blocking or a reactive repository) is written once against this interface. Each method
 * is documented on {@link DynamoDbToolkitOperations}.
 *
 * @param <R> what a run returns
 */
public interface HierarchicalMassOperations<R> {

    /** @see DynamoDbToolkitOperations#deleteAllUnder */
    <T> R deleteAllUnder(KeyValues node, MassOptions options, Class<T> entityClass);

    /** @see DynamoDbToolkitOperations#cloneAllUnder */
    <T> R cloneAllUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass);

    /** @see DynamoDbToolkitOperations#moveAllUnder */
    <T> R moveAllUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass);

    /** @see DynamoDbToolkitOperations#editAllUnder */
    <T> R editAllUnder(KeyValues node, UnaryOperator<T> change, MassOptions options, Class<T> entityClass);

    /** @see DynamoDbToolkitOperations#deleteUnder */
    <T> R deleteUnder(KeyValues node, MassOptions options, Class<T> entityClass);

    /** @see DynamoDbToolkitOperations#cloneUnder */
    <T> R cloneUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass);

    /** @see DynamoDbToolkitOperations#moveUnder */
    <T> R moveUnder(KeyValues from, KeyValues to, MassOptions options, Class<T> entityClass);

    /** @see DynamoDbToolkitOperations#editUnder */
    <T> R editUnder(KeyValues node, UnaryOperator<T> change, MassOptions options, Class<T> entityClass);
}
