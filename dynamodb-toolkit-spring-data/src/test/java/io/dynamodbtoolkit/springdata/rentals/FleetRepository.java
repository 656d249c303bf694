package io.dynamodbtoolkit.springdata.rentals;

import java.util.List;
import java.util.stream.Stream;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.IndexName;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository.VehicleSummary;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;

/** Reads of the sharded marker index {@code all-vehicles}: by its name, and derived from conditions on vin. */
@AdapterName(Fleet.ADAPTER)
public interface FleetRepository extends HierarchicalRepository<RentalRow> {

    @IndexName("all-vehicles")
    Window<Vehicle> findInSparseIndexOfVehicles(ScrollPosition position, Limit limit, Sort sort);

    @IndexName("all-vehicles")
    ItemPage<Vehicle> findInSparseIndexOfVehicles(ListOptions options);

    @IndexName("all-vehicles")
    Stream<VehicleSummary> findInSparseIndexOfVehicleSummaries();

    // derived: no partition condition on the table, so the marker index (no partition fields) serves them

    List<Vehicle> findByVinStartingWith(String prefix);

    List<Vehicle> findByVinBetween(String from, String to);

    Window<Vehicle> findByVinGreaterThan(String vin, ScrollPosition position, Limit limit);

    List<Vehicle> findAllByOrderByVinDesc(Limit limit);

    long countByVinStartingWith(String prefix);
}
