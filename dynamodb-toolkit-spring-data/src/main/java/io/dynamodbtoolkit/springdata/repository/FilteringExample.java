package io.dynamodbtoolkit.springdata.repository;

import java.util.Objects;

import org.springframework.data.domain.Example;
import org.springframework.data.domain.ExampleMatcher;

/**
 * An {@link Example} that allows a query by example to read items it does not return: the example's set properties
 * that the key seek does not serve (not key fields of it, or key fields past a gap) become a FilterExpression, which
 * DynamoDB evaluates after reading, and bills, every item under the key condition. Without it such an example is
 * refused, naming the key fields that would make it a seek. Even with it the example needs a key seek (the partition
 * key of the table or of a declared index): an example is never answered with a Scan.
 *
 * <pre>{@code
 * Example<Vehicle> redInDallas = FilteringExample.of(redDallasVehicle, ExampleMatcher.matching());
 * List<Vehicle> found = rentals.findAll(redInDallas); // Query of TX|Dallas's vehicles, FilterExpression color = RED
 * }</pre>
 *
 * <p>The read amplification such a read causes shows as for any filter read: in the {@code ReadStats} of a page and in
 * the {@code dynamodb.toolkit.items.scanned} / {@code returned} metrics of the Boot module.
 *
 * @param <T> the probe type
 */
public final class FilteringExample<T> implements Example<T> {

    private final Example<T> example;

    private FilteringExample(Example<T> example) {
        this.example = Objects.requireNonNull(example, "example");
    }

    /** @return the example, allowed to filter */
    public static <T> FilteringExample<T> of(Example<T> example) {
        return example instanceof FilteringExample<T> filtering ? filtering : new FilteringExample<>(example);
    }

    /** @return an example of a probe with a matcher, allowed to filter */
    public static <T> FilteringExample<T> of(T probe, ExampleMatcher matcher) {
        return new FilteringExample<>(Example.of(probe, matcher));
    }

    /** @return an example of a probe (the default matcher), allowed to filter */
    public static <T> FilteringExample<T> of(T probe) {
        return new FilteringExample<>(Example.of(probe));
    }

    @Override
    public T getProbe() {
        return example.getProbe();
    }

    @Override
    public ExampleMatcher getMatcher() {
        return example.getMatcher();
    }

    @Override
    public Class<T> getProbeType() {
        return example.getProbeType();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof FilteringExample<?> that && example.equals(that.example);
    }

    @Override
    public int hashCode() {
        return example.hashCode();
    }

    @Override
    public String toString() {
        return "FilteringExample[" + example + "]";
    }
}
