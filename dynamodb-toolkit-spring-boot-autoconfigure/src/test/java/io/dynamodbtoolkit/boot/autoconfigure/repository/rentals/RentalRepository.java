package io.dynamodbtoolkit.boot.autoconfigure.repository.rentals;

import java.util.List;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** Rentals, bound to the configured adapter of that name. */
@AdapterName("rentals")
public interface RentalRepository extends HierarchicalRepository<RentalRow> {

    /**
     * @param state    the state
     * @param facility the facility
     * @return its vehicles
     */
    List<RentalRow.Vehicle> findUnder(String state, String facility);
}
