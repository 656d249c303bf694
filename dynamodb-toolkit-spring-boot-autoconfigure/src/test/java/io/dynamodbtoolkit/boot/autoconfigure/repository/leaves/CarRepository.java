package io.dynamodbtoolkit.boot.autoconfigure.repository.leaves;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** A repository of the leaf tier only, over the {@code rentals} adapter. */
@AdapterName("rentals")
public interface CarRepository extends HierarchicalRepository<Car> {
}
