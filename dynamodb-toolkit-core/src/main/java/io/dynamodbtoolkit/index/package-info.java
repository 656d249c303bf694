/**
 * Secondary indexes: {@link IndexDeclaration} (global or local; attribute, composite, multi-attribute, marker and
 * sharded-marker sides), {@link Membership} (which items an index holds), the {@link IndexSet} of a table that
 * keeps index attributes right on every write, and {@link IndexQuery} with {@link KeyQueryComposer}, key seeks
 * composed from field values.
 */
@NullMarked
package io.dynamodbtoolkit.index;

import org.jspecify.annotations.NullMarked;
