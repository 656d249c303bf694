package io.dynamodbtoolkit.starter.rentals;

import java.util.List;

import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.IndexName;

/** The rentals, bound to the adapter declared in application.yml. */
@AdapterName("rentals")
public interface RentalRepository extends HierarchicalRepository<RentalRow> {

    /**
     * @param state    the state
     * @param facility the facility
     * @return its vehicles
     */
    List<RentalRow.Vehicle> findUnder(String state, String facility);

    /**
     * @param state    the state
     * @param facility the facility
     * @return the facility and its vehicles, never a sibling such as Dallasville
     */
    List<RentalRow> findSelfAndUnder(String state, String facility);

    /**
     * @param state  the state
     * @param prefix the start of the facility's name
     * @return the facilities starting with it and their vehicles
     */
    List<RentalRow> findByPartial(String state, String prefix);

    /**
     * @param reviewFlag the flag, e.g. pending
     * @return the vehicles in the review queue, oldest submission first
     */
    @IndexName("needs-review")
    List<RentalRow.Vehicle> findInSparseIndexOfReviews(String reviewFlag);

    /**
     * @param state    the state
     * @param facility the facility
     * @return the result of deleting the facility and everything under it
     */
    MassResult deleteAllUnder(String state, String facility);
}
