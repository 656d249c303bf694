package io.dynamodbtoolkit.springdata.rentals;

import java.math.BigDecimal;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.AllowScan;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.IndexName;

/** Query methods returning the adapter's ItemPage: a page with its read stats, the request sent and its cursor. */
@AdapterName(Rentals.ADAPTER)
public interface RentalPageRepository extends HierarchicalRepository<RentalRow> {

    // hierarchical names

    ItemPage<Vehicle> findUnder(String state, String facility, ListOptions options);

    ItemPage<RentalRow> findSelfAndUnder(String state, String facility, ListOptions options);

    ItemPage<RentalRow> findByPartial(ListOptions options, String state, String prefix);

    @IndexName("by-make")
    ItemPage<Vehicle> findInSparseIndexByMake(String make, ListOptions options);

    @IndexName("all-facilities")
    ItemPage<Facility> findInSparseIndexOfFacilities(ListOptions options);

    ItemPage<RentalRow> findInSparseIndexNamed(String indexName, KeyValues keyFields, ListOptions options);

    // derived methods

    ItemPage<RentalRow> findByStateAndFacility(String state, String facility, ListOptions options);

    ItemPage<Vehicle> findByMakeAndDailyRateBetween(ListOptions options, String make, BigDecimal low, BigDecimal high);

    @AllowScan
    ItemPage<RentalRow> findByStateAndColor(String state, Vehicle.Color color, ListOptions options);
}
