/**
 * Tables at start-up ({@code dynamodb.toolkit.provisioning}: none, validate or create): {@link TableProvisioning}
 * runs the core's provisioner for every adapter, {@link IndexEvolution} tracks new and retired indexes and their
 * backfills, and the failure analyzers explain a table that does not fit.
 */
@NullMarked
package io.dynamodbtoolkit.boot.autoconfigure.provision;

import org.jspecify.annotations.NullMarked;
