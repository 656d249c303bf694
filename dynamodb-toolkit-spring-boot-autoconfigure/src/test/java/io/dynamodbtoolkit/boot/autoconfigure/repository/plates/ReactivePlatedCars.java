package io.dynamodbtoolkit.boot.autoconfigure.repository.plates;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;

/** A reactive repository over the {@code rentals} adapter, the only one whose entity holds {@code plate}. */
@AdapterName("rentals")
public interface ReactivePlatedCars extends ReactiveHierarchicalRepository<PlatedCar> {
}
