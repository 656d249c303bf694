package io.dynamodbtoolkit.springdata.windows;

import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** Windows on a {@code LocalDate} tier and on the {@code LocalDateTime} tier under it. */
@AdapterName("shifts")
public interface ShiftRepository extends HierarchicalRepository<Shift> {

    List<Shift> findBySiteAndDayBetween(String site, LocalDate from, LocalDate to);

    List<Shift> findBySiteAndDayAfter(String site, LocalDate day);

    List<Shift> findBySiteAndDayAndStartAfter(String site, LocalDate day, LocalDateTime start);

    List<Shift> findBySiteAndDayAndStartLessThan(String site, LocalDate day, LocalDateTime start);
}
