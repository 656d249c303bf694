// tag::time-series-repository[]
package com.example.cookbook.timeseries;

import java.util.List;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

// end::time-series-repository[]
/** Readings, one partition per device and month. */
// tag::time-series-repository[]
@AdapterName("readings")
public interface ReadingRepository extends HierarchicalRepository<Reading> {

    /** One bucket's readings in a time range: a range on the sort key, not a filter. */
    List<Reading> findByBucketAndTsBetween(String bucket, long from, long to);
}
// end::time-series-repository[]
