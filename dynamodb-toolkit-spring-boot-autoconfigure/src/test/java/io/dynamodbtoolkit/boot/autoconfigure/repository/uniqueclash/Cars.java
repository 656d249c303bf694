package io.dynamodbtoolkit.boot.autoconfigure.repository.uniqueclash;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** Cars, bound to the configured adapter {@code rentals}. */
@AdapterName("rentals")
public interface Cars extends HierarchicalRepository<Car> {
}
