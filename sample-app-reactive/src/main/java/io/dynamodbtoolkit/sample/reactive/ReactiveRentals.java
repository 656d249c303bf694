package io.dynamodbtoolkit.sample.reactive;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;

/** The rentals rows, reactively: a bean made by the starter (Reactor and netty-nio-client are on the class path). */
@AdapterName("rentals")
public interface ReactiveRentals extends ReactiveHierarchicalRepository<RentalRow> {
}
