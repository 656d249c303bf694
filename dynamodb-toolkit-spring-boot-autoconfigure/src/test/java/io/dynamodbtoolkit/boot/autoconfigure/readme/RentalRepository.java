// tag::rental-repository[]
package io.dynamodbtoolkit.boot.autoconfigure.readme;

import java.util.List;

import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow;
import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow.Vehicle;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

@AdapterName("rentals")
interface RentalRepository extends HierarchicalRepository<RentalRow> {
    List<Vehicle> findUnder(String state, String facility);              // the vehicles of TX|Dallas
    List<RentalRow> findSelfAndUnder(String state, String facility);     // the facility row and its vehicles
    List<RentalRow> findByPartial(String state, String prefix);          // facilities starting with "Dal", and theirs
    MassResult deleteAllUnder(String state, String facility);            // a cascade: vehicles first, facility last
}
// end::rental-repository[]
