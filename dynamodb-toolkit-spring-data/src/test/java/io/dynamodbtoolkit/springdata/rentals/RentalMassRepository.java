package io.dynamodbtoolkit.springdata.rentals;

import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** Mass operations over the rentals hierarchy, declared with key fields as parameters. */
@AdapterName(Rentals.ADAPTER)
public interface RentalMassRepository extends HierarchicalRepository<RentalRow> {

    /** Deletes what {@code findUnder(state, facility)} returns: the vehicles, not the facility. */
    MassResult deleteUnder(String state, String facility);

    /** Deletes a facility and its vehicles, a bounded run at a time. */
    MassResult deleteAllUnder(String state, String facility, MassOptions options);

    /** Copies a facility and its vehicles to another facility name. */
    MassResult cloneAllUnder(String state, String facility, String toFacility);

    /** Moves a facility and its vehicles under another state. */
    MassResult moveAllUnder(String state, String facility, String toState);

    /** Edits the vehicles of a facility. */
    MassResult editUnder(String state, String facility, UnaryOperator<RentalRow> change);
}
