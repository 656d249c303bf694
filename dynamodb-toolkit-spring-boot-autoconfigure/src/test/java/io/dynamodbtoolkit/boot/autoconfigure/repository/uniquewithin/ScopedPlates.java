package io.dynamodbtoolkit.boot.autoconfigure.repository.uniquewithin;

import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** Vehicles with a plate unique per state; no {@code @AdapterName}: bound to the application's only adapter. */
public interface ScopedPlates extends HierarchicalRepository<ScopedPlate> {
}
