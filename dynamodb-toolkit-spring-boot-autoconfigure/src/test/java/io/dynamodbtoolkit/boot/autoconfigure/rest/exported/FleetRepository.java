package io.dynamodbtoolkit.boot.autoconfigure.rest.exported;

import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springweb.RestExported;

/** The rentals, exported over HTTP as {@code fleet}. */
@AdapterName("rentals")
@RestExported("fleet")
public interface FleetRepository extends HierarchicalRepository<RentalRow> {
}
