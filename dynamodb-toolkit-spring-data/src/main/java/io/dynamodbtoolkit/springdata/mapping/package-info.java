/**
 * Entity mapping for Spring Data: the {@link DynamoDbMappingContext} of persistent entities and properties, the
 * {@link MappingDynamoDbConverter} between entities and items (records, sealed tier hierarchies, custom
 * conversions), and the entity callbacks (before and after convert and save, auditing).
 */
@NullMarked
package io.dynamodbtoolkit.springdata.mapping;

import org.jspecify.annotations.NullMarked;
