package io.dynamodbtoolkit.boot.autoconfigure.repository.uniquekey;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** Vehicles with a {@code @Unique} key field, bound to the configured adapter {@code rentals}. */
@AdapterName("rentals")
public interface KeyedCars extends HierarchicalRepository<KeyedCar> {
}
