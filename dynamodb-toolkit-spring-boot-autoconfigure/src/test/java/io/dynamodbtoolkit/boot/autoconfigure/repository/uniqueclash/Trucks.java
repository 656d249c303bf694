package io.dynamodbtoolkit.boot.autoconfigure.repository.uniqueclash;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** Trucks, bound to the configured adapter {@code rentals} as {@link Cars} are. */
@AdapterName("rentals")
public interface Trucks extends HierarchicalRepository<Truck> {
}
