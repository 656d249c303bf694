package io.dynamodbtoolkit.boot.autoconfigure.repository.unbound;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** A repository naming an adapter the application does not have. */
@AdapterName("nope")
public interface UnboundRepository extends HierarchicalRepository<Thing> {
}
