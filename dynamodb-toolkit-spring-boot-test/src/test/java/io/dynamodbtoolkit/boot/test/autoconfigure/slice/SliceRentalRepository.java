package io.dynamodbtoolkit.boot.test.autoconfigure.slice;

import java.util.List;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.boot.autoconfigure.repository.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** A repository of the slice's application. */
@AdapterName("rentals")
public interface SliceRentalRepository extends HierarchicalRepository<RentalRow> {

    /**
     * @param state the state
     * @return its facilities and vehicles
     */
    List<RentalRow> findUnder(String state);

    /**
     * @param state   the state
     * @param options the page's size, cursor and direction
     * @return a page of its facilities and vehicles, with what it cost
     */
    ItemPage<RentalRow> findUnder(String state, ListOptions options);
}
