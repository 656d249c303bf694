package io.dynamodbtoolkit.boot.autoconfigure.repository.uniquescope;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** Vehicles with a plate annotated unique within a key field that is not leading, bound to {@code rentals}. */
@AdapterName("rentals")
public interface FacilityPlates extends HierarchicalRepository<FacilityPlate> {
}
