package io.dynamodbtoolkit.springdata.windows;

import java.time.Instant;
import java.util.List;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** Time windows on an {@code Instant} tier: each a key range on the structural key, its children included. */
@AdapterName("deliveries")
public interface DeliveryRepository extends HierarchicalRepository<Delivery> {

    List<Delivery> findByDepotAndAtBetween(String depot, Instant from, Instant to);

    List<Delivery> findByDepotAndAtAfter(String depot, Instant at);

    List<Delivery> findByDepotAndAtBefore(String depot, Instant at);

    List<Delivery> findByDepotAndAtGreaterThanEqual(String depot, Instant at);

    List<Delivery> findByDepotAndAtLessThanEqual(String depot, Instant at);
}
