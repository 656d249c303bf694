/**
 * The key model of a single-table design: {@link KeyModel} (key fields, structural key, technical prefix, type
 * labels, version and created-at fields; validated when built), {@link KeyCodec}, its translations between field
 * values, keys and items, {@link KeyValues} (a key prefix), {@link SubtreeQuery} (children, self and descendants,
 * partial prefixes) and {@link Timestamps}.
 */
@NullMarked
package io.dynamodbtoolkit.key;

import org.jspecify.annotations.NullMarked;
