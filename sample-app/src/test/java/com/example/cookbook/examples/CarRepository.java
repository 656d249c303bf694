package com.example.cookbook.examples;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** The cars, queried by example (every {@code HierarchicalRepository} is a {@code QueryByExampleExecutor}). */
@AdapterName("cars")
public interface CarRepository extends HierarchicalRepository<Car> {
}
