package io.dynamodbtoolkit.boot.autoconfigure.reactive.uniquefleet;

import io.dynamodbtoolkit.boot.autoconfigure.repository.uniquewithin.ScopedPlate;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;

/** A reactive repository of vehicles with a plate unique per state, over the configured {@code rentals} adapter. */
@AdapterName("rentals")
public interface ReactiveScopedPlates extends ReactiveHierarchicalRepository<ScopedPlate> {
}
