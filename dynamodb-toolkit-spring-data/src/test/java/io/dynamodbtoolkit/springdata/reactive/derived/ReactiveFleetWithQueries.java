package io.dynamodbtoolkit.springdata.reactive.derived;

import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;
import reactor.core.publisher.Flux;

/** A reactive repository declaring a derived query method, which reactive repositories refuse at start-up. */
@AdapterName(Rentals.ADAPTER)
public interface ReactiveFleetWithQueries extends ReactiveHierarchicalRepository<RentalRow> {

    Flux<Vehicle> findByStateAndFacility(String state, String facility);
}
