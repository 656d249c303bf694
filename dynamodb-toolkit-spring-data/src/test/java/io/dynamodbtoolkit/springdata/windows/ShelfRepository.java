package io.dynamodbtoolkit.springdata.windows;

import java.util.List;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** Ranges on a string tier declared with a width (every code is four characters, padded by the application). */
@AdapterName("shelves")
public interface ShelfRepository extends HierarchicalRepository<Shelf> {

    List<Shelf> findByBranchAndCodeBetween(String branch, String from, String to);

    List<Shelf> findByBranchAndCodeGreaterThan(String branch, String code);
}
