package io.dynamodbtoolkit.springdata.rentals;

import java.math.BigDecimal;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.IndexName;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Page;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Window;

/** Query methods returning projections of the rentals rows: interfaces (closed and open), DTOs and dynamic ones. */
@AdapterName(Rentals.ADAPTER)
public interface RentalProjectionRepository extends HierarchicalRepository<RentalRow> {

    /** A closed interface projection of vehicles. */
    interface VehicleSummary {
        String getVin();

        String getMake();
    }

    /** An open interface projection: its getter evaluates an expression on the entity. */
    interface VehicleLabel {
        @Value("#{target.make() + ' ' + target.vin()}")
        String getLabel();
    }

    /** A closed projection every tier has. */
    interface RowState {
        String getState();
    }

    /** A closed projection of facilities (read back whole from a keys-only index). */
    interface FacilityCity {
        String getFacility();

        String getCity();
    }

    /** A DTO projection of vehicles. */
    record VehicleView(String vin, String make, BigDecimal dailyRate, int seats) {
    }

    // hierarchical names, each result shape

    List<VehicleSummary> findUnder(String state, String facility);

    Stream<VehicleView> findUnderAsViews(String state, String facility);

    Window<VehicleView> findUnder(String state, String facility, ScrollPosition position, Limit limit);

    Page<VehicleSummary> findUnder(String state, String facility, Pageable pageable);

    Slice<RowState> findByPartial(String state, String prefix, Pageable pageable);

    List<RowState> findSelfAndUnder(String state, String facility);

    ItemPage<VehicleSummary> findUnder(String state, String facility, ListOptions options);

    @IndexName("all-facilities")
    List<FacilityCity> findInSparseIndexOfFacilities();

    List<RowState> findInSparseIndexNamed(String indexName, KeyValues keyFields);

    List<VehicleSummary> findInSparseIndexNamedAsSummaries(String indexName, KeyValues keyFields);

    // derived methods

    Optional<VehicleSummary> findByStateAndFacilityAndVin(String state, String facility, String vin);

    VehicleView findViewByStateAndFacilityAndVin(String state, String facility, String vin);

    List<VehicleLabel> findByMakeAndDailyRateBetween(String make, BigDecimal low, BigDecimal high);

    // dynamic projections

    <P> List<P> findUnder(String state, String facility, Class<P> type);

    <P> Stream<P> findSelfAndUnderAs(String state, String facility, Class<P> type);

    <P> List<P> findByStateAndFacility(String state, String facility, Class<P> type);

    <P> Optional<P> findByStateAndFacilityAndVin(String state, String facility, String vin, Class<P> type);

    <P> ItemPage<P> findUnder(String state, String facility, ListOptions options, Class<P> type);
}
