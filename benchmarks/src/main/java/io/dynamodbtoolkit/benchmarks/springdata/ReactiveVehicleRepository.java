package io.dynamodbtoolkit.benchmarks.springdata;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;

/** The reactive repository under measurement ({@link ConcurrentSubtreeReads}). */
@AdapterName("vehicles")
public interface ReactiveVehicleRepository extends ReactiveHierarchicalRepository<BenchmarkVehicle> {
}
