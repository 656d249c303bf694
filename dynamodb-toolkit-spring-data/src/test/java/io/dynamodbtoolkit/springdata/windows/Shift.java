package io.dynamodbtoolkit.springdata.windows;

import java.time.LocalDate;
import java.time.LocalDateTime;

/** A day of a site ({@code start} null) or a shift starting that day: site > day > start. */
public record Shift(String site, LocalDate day, LocalDateTime start, String who) {
}
