package io.dynamodbtoolkit.springdata.orders;

import java.util.List;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** Ranges on a fixed-width number tier of a structural key are exact key conditions. */
@AdapterName("readings")
public interface ReadingRepository extends HierarchicalRepository<Reading> {

    List<Reading> findByDeviceAndDayBetween(String device, int from, int to);

    List<Reading> findByDeviceAndDayGreaterThan(String device, int day);

    List<Reading> findByDeviceAndDayLessThanEqual(String device, int day);

    List<Reading> findByDeviceAndDayAndSeqGreaterThanEqual(String device, int day, int seq);

    List<Reading> findUnder(String device, Integer day);
}
