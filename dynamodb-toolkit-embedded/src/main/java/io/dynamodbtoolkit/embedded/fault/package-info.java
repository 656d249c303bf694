/**
 * Fault injection in the embedded engine: the throttling, server errors and unprocessed batch items a
 * {@link io.dynamodbtoolkit.embedded.fault.FaultInjection} asks for, drawn from a seeded generator so a run that sends
 * the same requests in the same order gets the same faults.
 */
@NullMarked
package io.dynamodbtoolkit.embedded.fault;

import org.jspecify.annotations.NullMarked;
