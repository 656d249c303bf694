package io.dynamodbtoolkit.springdata.reactive;

import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;

/** A reactive repository over the rentals hierarchy. */
@AdapterName(Rentals.ADAPTER)
public interface ReactiveFleet extends ReactiveHierarchicalRepository<RentalRow> {
}
