package io.dynamodbtoolkit.benchmarks.springdata;

import java.math.BigDecimal;

import org.springframework.data.annotation.Version;

/** The benchmark's entity: a plain record, mapped by Spring Data's metadata. */
public record BenchmarkVehicle(String state, String facility, String vin, String make, BigDecimal dailyRate, int seats,
        @Version Long version) {
}
