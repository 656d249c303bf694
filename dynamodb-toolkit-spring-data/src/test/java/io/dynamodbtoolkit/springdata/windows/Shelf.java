package io.dynamodbtoolkit.springdata.windows;

/** A shelf of a branch, coded with four padded digits ({@code book} null), or a book on it: branch > code > book. */
public record Shelf(String branch, String code, String book) {
}
