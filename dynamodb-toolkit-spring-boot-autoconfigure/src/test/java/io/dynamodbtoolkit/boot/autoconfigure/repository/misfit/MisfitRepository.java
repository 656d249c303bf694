package io.dynamodbtoolkit.boot.autoconfigure.repository.misfit;

import java.util.List;

import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** A repository whose method reads vehicles into the facility class. */
@AdapterName("rentals")
public interface MisfitRepository extends HierarchicalRepository<RentalRow> {

    /**
     * @param state    the state
     * @param facility the facility
     * @return its vehicles, which a Facility cannot hold
     */
    List<RentalRow.Facility> findUnder(String state, String facility);
}
