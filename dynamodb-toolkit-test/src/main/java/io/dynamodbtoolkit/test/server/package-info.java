/**
 * The servers tests run against: a {@link DynamoDbServerProvider} per backend (the embedded engine, moto_server,
 * dynalite, LocalStack, an external endpoint), chosen by {@link BackendSelector} from {@link BackendSettings}
 * (the {@code dynamodb.toolkit.test.backend} property). A provider that cannot start says why in its
 * {@link Availability}.
 */
@NullMarked
package io.dynamodbtoolkit.test.server;

import org.jspecify.annotations.NullMarked;
