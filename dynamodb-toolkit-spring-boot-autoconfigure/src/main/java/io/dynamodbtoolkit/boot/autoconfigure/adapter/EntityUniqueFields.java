package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import java.util.List;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.UniqueField;
import io.dynamodbtoolkit.key.KeyModel;

/**
 * Adds to the unique fields an adapter's properties declare ({@code dynamodb.toolkit.adapters.<name>.unique}) those
 * declared beside them: with the Spring Data module, the {@code @Unique} properties of the entities of the
 * repositories bound to the adapter. Asked when the declaration is built, before the table is provisioned and the
 * adapter exists, so that every write through the adapter is guarded.
 */
@FunctionalInterface
public interface EntityUniqueFields {

    /** Nothing beside the properties. */
    EntityUniqueFields NONE = (adapterName, keys, declared) -> declared;

    /**
     * @param adapterName the adapter
     * @param keys        its key design
     * @param declared    the unique fields its properties declare, in order
     * @return those, then the unique fields declared beside them
     * @throws DeclarationException naming {@code unique} or {@code unique[i]} when the two declare a field
     *                              differently, or a field declared beside the properties cannot work
     */
    List<UniqueField> union(String adapterName, KeyModel keys, List<UniqueField> declared);
}
