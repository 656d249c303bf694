package io.dynamodbtoolkit.springdata.windows;

import java.time.Instant;

/** A delivery slot of a depot ({@code parcel} null) or a parcel under it: depot > at > parcel. */
public record Delivery(String depot, Instant at, String parcel, String note) {
}
