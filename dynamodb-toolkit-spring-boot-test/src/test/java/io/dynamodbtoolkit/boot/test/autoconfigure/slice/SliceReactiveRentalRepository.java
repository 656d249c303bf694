package io.dynamodbtoolkit.boot.test.autoconfigure.slice;

import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;

/** A reactive repository of the slice's application. */
@AdapterName("rentals")
public interface SliceReactiveRentalRepository extends ReactiveHierarchicalRepository<RentalRow> {
}
