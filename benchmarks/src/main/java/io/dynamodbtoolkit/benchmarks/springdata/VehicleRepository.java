package io.dynamodbtoolkit.benchmarks.springdata;

import java.util.List;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** The repository under measurement. */
@AdapterName("vehicles")
public interface VehicleRepository extends HierarchicalRepository<BenchmarkVehicle> {

    /** @return the vehicles of a facility */
    List<BenchmarkVehicle> findUnder(String state, String facility);
}
