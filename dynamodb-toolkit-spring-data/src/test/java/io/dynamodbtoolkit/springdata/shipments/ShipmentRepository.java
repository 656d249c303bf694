package io.dynamodbtoolkit.springdata.shipments;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** Shipments, read by keys given as domain values. */
@AdapterName("shipments")
public interface ShipmentRepository extends HierarchicalRepository<Shipment> {
}
