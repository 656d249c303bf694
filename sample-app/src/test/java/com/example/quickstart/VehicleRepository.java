// tag::quickstart-repository[]
package com.example.quickstart;

import java.util.List;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

// end::quickstart-repository[]
/** The README's quickstart repository. */
// tag::quickstart-repository[]
@AdapterName("vehicles")
public interface VehicleRepository extends HierarchicalRepository<Vehicle> {

    /** The vehicles of one facility: one Query, begins_with(_sk, "TX|Dallas|"). */
    List<Vehicle> findUnder(String state, String facility);
}
// end::quickstart-repository[]
