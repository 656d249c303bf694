// tag::sharded-repository[]
package com.example.cookbook.sharded;

import java.util.List;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.IndexName;

// end::sharded-repository[]
/** The fleet, listed through a sharded marker index. */
// tag::sharded-repository[]
@AdapterName("fleet")
public interface FleetRepository extends HierarchicalRepository<FleetVehicle> {

    /** Every vehicle, in VIN order: one Query per shard, run in parallel and merged. */
    @IndexName("all-vehicles")
    List<FleetVehicle> findInSparseIndexOfVehicles();
}
// end::sharded-repository[]
