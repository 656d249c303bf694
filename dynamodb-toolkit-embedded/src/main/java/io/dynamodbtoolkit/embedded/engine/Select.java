package io.dynamodbtoolkit.embedded.engine;

/** What a Query or Scan returns of each item. */
public enum Select {
    ALL_ATTRIBUTES, ALL_PROJECTED_ATTRIBUTES, SPECIFIC_ATTRIBUTES, COUNT
}
