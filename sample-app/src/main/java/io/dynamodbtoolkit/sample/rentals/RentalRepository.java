// tag::rental-repository[]
package io.dynamodbtoolkit.sample.rentals;

import java.util.List;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.AllowScan;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.IndexName;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Window;

// end::rental-repository[]
/**
 * The rentals hierarchy. Every read is a key seek, a Query on the table or on a per-tier marker index, except
 * {@link #findByStateAndMake}, the demo page's contrast: a filter, allowed by {@code @AllowScan}. The reads returning
 * {@link ItemPage} are the same reads as a page that also tells what it cost and which key condition it sent.
 */
// tag::rental-repository[]
@AdapterName("rentals")
public interface RentalRepository extends HierarchicalRepository<RentalRow> {

    /** Every state, from the sparse index only state rows are in. */
    @IndexName("all-states")
    List<State> findInSparseIndexOfStates();

    /** Every facility of every state, from the keys-only sparse index only facility rows are in. */
    @IndexName("all-facilities")
    List<Facility> findInSparseIndexOfFacilities();

    /** The vehicles of one facility (TX|Dallas|...), a window at a time. */
    Window<Vehicle> findUnder(String state, String facility, ScrollPosition position, Limit limit);

    /** A facility and all its vehicles, exactly: never the sibling Dallasville. */
    Window<RentalRow> findSelfAndUnder(String state, String facility, ScrollPosition position, Limit limit);

    /** Facilities of a state whose name starts with a prefix, with their vehicles. */
    Window<RentalRow> findByPartial(String state, String prefix, ScrollPosition position, Limit limit);

    /** Adds to a facility's count of vehicles in place: one UpdateItem, no read (an action inside a transaction). */
    void incrementVehicles(KeyValues facility, int by);

    /** Copies a facility and its vehicles to another facility of the same state (a prefix swap). */
    MassResult cloneAllUnder(String state, String facility, String toFacility, MassOptions options);

    /** Deletes a facility and its vehicles, leaves first; resumable with the result's cursor. */
    MassResult deleteAllUnder(String state, String facility, MassOptions options);

    /** The states, a page at a time, with what the page cost: the options give its size, cursor and direction. */
    @IndexName("all-states")
    ItemPage<State> findInSparseIndexOfStates(ListOptions options);

    /** The facilities, a page at a time, with what the index Query cost. */
    @IndexName("all-facilities")
    ItemPage<Facility> findInSparseIndexOfFacilities(ListOptions options);

    /** The vehicles of one facility, a page at a time, with what the page cost. */
    ItemPage<Vehicle> findUnder(String state, String facility, ListOptions options);

    /** A facility and all its vehicles, a page at a time, with what the page cost. */
    ItemPage<RentalRow> findSelfAndUnder(String state, String facility, ListOptions options);

    /** Facilities starting with a prefix and their vehicles, a page at a time, with what the page cost. */
    ItemPage<RentalRow> findByPartial(String state, String prefix, ListOptions options);

    /** For contrast only: a state's vehicles of one make by a filter, which reads every row of the state. */
    @AllowScan
    ItemPage<RentalRow> findByStateAndMake(String state, String make, ListOptions options);
}
// end::rental-repository[]
