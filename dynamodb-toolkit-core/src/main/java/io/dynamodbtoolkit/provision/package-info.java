/**
 * Table provisioning: {@link TableProvisioner} creates a table and its indexes from an adapter's declaration
 * ({@link TableDefinition}) and validates an existing one ({@link TableReport}: differences, backfill estimates,
 * retired indexes); it never drops anything.
 */
@NullMarked
package io.dynamodbtoolkit.provision;

import org.jspecify.annotations.NullMarked;
