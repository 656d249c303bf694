/**
 * The mass operations of dynamodb-toolkit as Spring Batch jobs: item readers that seek by key and keep their
 * position in the step's execution context, item writers over the core's mass semantics, partitioners that split
 * the work by the key design, and ready jobs for the mass operations, partitioned in one JVM or across several.
 */
@NullMarked
package io.dynamodbtoolkit.springbatch;

import org.jspecify.annotations.NullMarked;
