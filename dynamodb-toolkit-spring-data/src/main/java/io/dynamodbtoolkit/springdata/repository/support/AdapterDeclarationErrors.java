package io.dynamodbtoolkit.springdata.repository.support;

import io.dynamodbtoolkit.DeclarationException;

/**
 * Restates an error in an adapter's declaration in the terms the application declared the adapter in: the Boot
 * module implements it to name configuration properties
 * ({@code dynamodb.toolkit.adapters.fleet.indices.all.pk.shard-by[0]}) rather than the core's declaration properties
 * ({@code indexes.all.pk.shardBy[0]}). Without a bean of this type the error is left as it is.
 */
@FunctionalInterface
public interface AdapterDeclarationErrors {

    /**
     * @param adapterName the adapter whose declaration is at fault
     * @param error       the error, naming the core's declaration property
     * @return the error to report
     */
    DeclarationException restate(String adapterName, DeclarationException error);
}
