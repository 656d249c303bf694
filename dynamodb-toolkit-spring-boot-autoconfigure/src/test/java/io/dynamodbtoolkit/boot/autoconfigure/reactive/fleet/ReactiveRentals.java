package io.dynamodbtoolkit.boot.autoconfigure.reactive.fleet;

import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;

/** A reactive repository over the configured {@code rentals} adapter. */
@AdapterName("rentals")
public interface ReactiveRentals extends ReactiveHierarchicalRepository<RentalRow> {
}
