/**
 * Customer orders keyed customer, then status, then time: one customer's orders in one status read newest first as
 * a key seek, and a change of status as a move to the new key.
 */
package io.dynamodbtoolkit.sample.orders;
