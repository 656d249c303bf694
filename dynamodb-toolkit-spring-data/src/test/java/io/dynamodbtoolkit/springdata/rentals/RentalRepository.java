package io.dynamodbtoolkit.springdata.rentals;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.AllowScan;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.IndexName;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;

/** Every method shape over the rentals hierarchy. */
@AdapterName(Rentals.ADAPTER)
public interface RentalRepository extends HierarchicalRepository<RentalRow> {

    // subtree methods: parameters bind key fields by name

    List<Vehicle> findUnder(String state, String facility);

    Window<Vehicle> findUnder(String state, String facility, ScrollPosition position, Limit limit);

    Stream<RentalRow> findSelfAndUnder(String state, String facility);

    Slice<RentalRow> findByPartial(String state, String prefix, Pageable pageable);

    Page<RentalRow> findUnder(String state, Pageable pageable);

    List<Vehicle> findUnder(String state, String facility, Sort sort);

    List<Vehicle> findUnderFacility(String state, String facility, Limit limit);

    // derived methods that map onto the key

    Optional<Vehicle> findByStateAndFacilityAndVin(String state, String facility, String vin);

    List<RentalRow> findByStateAndFacility(String state, String facility);

    List<RentalRow> findByStateAndFacilityStartingWith(String state, String prefix);

    List<RentalRow> findByStateOrderByFacilityDesc(String state);

    long countByStateAndFacility(String state, String facility);

    boolean existsByStateAndFacility(String state, String facility);

    List<RentalRow> findFirst2ByStateAndFacility(String state, String facility);

    // a derived method served by the 'by-make' index

    List<Vehicle> findByMakeAndDailyRateBetween(String make, BigDecimal low, BigDecimal high);

    // sparse indexes: a per-tier marker (keys only, read back whole) and an index keyed on vehicle attributes

    @IndexName("all-facilities")
    List<Facility> findInSparseIndexOfFacilities(Sort sort);

    @IndexName("by-make")
    Window<Vehicle> findInSparseIndexByMake(String make, ScrollPosition position, Limit limit);

    List<RentalRow> findInSparseIndexNamed(String indexName, KeyValues keyFields);

    // allowed to read what it does not return

    @AllowScan
    List<RentalRow> findByStateAndColor(String state, Vehicle.Color color);

    @AllowScan
    List<RentalRow> findByColor(Vehicle.Color color);
}
