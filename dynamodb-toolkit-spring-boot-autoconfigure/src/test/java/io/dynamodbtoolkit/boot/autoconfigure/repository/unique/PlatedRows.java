package io.dynamodbtoolkit.boot.autoconfigure.repository.unique;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** Rentals whose vehicles carry a {@code @Unique} plate, bound to the configured adapter of that name. */
@AdapterName("rentals")
public interface PlatedRows extends HierarchicalRepository<PlatedRow> {
}
