package io.dynamodbtoolkit.springdata.orders;

/** A sensor reading keyed device > day (yyyymmdd, fixed width) > seq (fixed width). */
public record Reading(String device, Integer day, Integer seq, double value) {
}
