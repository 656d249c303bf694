package io.dynamodbtoolkit.springdata.reactive.queries;

import java.util.Collection;
import java.util.function.UnaryOperator;

import java.math.BigDecimal;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.rentals.Facility;
import io.dynamodbtoolkit.springdata.rentals.RentalProjectionRepository.VehicleSummary;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.AllowScan;
import io.dynamodbtoolkit.springdata.repository.IndexName;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Sort;
import org.springframework.data.domain.Window;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** A reactive repository declaring every query method form the blocking {@code RentalRepository}s declare. */
@AdapterName(Rentals.ADAPTER)
public interface ReactiveRentals extends ReactiveHierarchicalRepository<RentalRow> {

    // subtree methods: parameters bind key fields by name

    Flux<Vehicle> findUnder(String state, String facility);

    Mono<Window<Vehicle>> findUnder(String state, String facility, ScrollPosition position, Limit limit);

    Flux<RentalRow> findSelfAndUnder(String state, String facility);

    Mono<Slice<RentalRow>> findByPartial(String state, String prefix, Pageable pageable);

    Mono<Page<RentalRow>> findUnder(String state, Pageable pageable);

    Flux<Vehicle> findUnder(String state, String facility, Sort sort);

    Flux<Vehicle> findUnderFacility(String state, String facility, Limit limit);

    Mono<ItemPage<Vehicle>> findUnder(String state, String facility, ListOptions options);

    Flux<VehicleSummary> findUnderAsSummaries(String state, String facility);

    // derived methods that map onto the key

    Mono<Vehicle> findByStateAndFacilityAndVin(String state, String facility, String vin);

    Mono<RentalRow> findRowByStateAndFacility(String state, String facility);

    Flux<RentalRow> findByStateAndFacility(String state, String facility);

    Flux<RentalRow> findByStateAndFacilityStartingWith(String state, String prefix);

    Flux<RentalRow> findByStateOrderByFacilityDesc(String state);

    Mono<Long> countByStateAndFacility(String state, String facility);

    Mono<Boolean> existsByStateAndFacility(String state, String facility);

    Flux<RentalRow> findFirst2ByStateAndFacility(String state, String facility);

    Mono<ItemPage<RentalRow>> findByStateAndFacility(String state, String facility, ListOptions options);

    <P> Flux<P> findByStateAndFacilityAndVinStartingWith(String state, String facility, String vin, Class<P> type);

    // a derived method served by the 'by-make' index

    Flux<Vehicle> findByMakeAndDailyRateBetween(String make, BigDecimal low, BigDecimal high);

    // sparse indexes

    @IndexName("all-facilities")
    Flux<Facility> findInSparseIndexOfFacilities(Sort sort);

    @IndexName("by-make")
    Mono<Window<Vehicle>> findInSparseIndexByMake(String make, ScrollPosition position, Limit limit);

    Flux<RentalRow> findInSparseIndexNamed(String indexName, KeyValues keyFields);

    // allowed to read what it does not return

    @AllowScan
    Flux<RentalRow> findByStateAndColor(String state, Vehicle.Color color);

    @AllowScan
    Flux<RentalRow> findByColor(Vehicle.Color color);

    // mass operations, on the asynchronous mass engine

    Mono<MassResult> deleteUnder(String state, String facility);

    Mono<MassResult> cloneUnder(String state, String facility, String toFacility);

    Mono<MassResult> moveUnder(String state, String facility, String toFacility);

    Mono<MassResult> editUnder(String state, String facility, UnaryOperator<RentalRow> change);

    // atomic updates: one UpdateItem each, no read

    Mono<Vehicle> incrementDailyRate(KeyValues key, Number by);

    Mono<Void> addToFeatures(KeyValues key, Collection<String> features);
}
