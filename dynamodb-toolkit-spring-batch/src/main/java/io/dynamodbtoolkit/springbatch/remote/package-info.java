/**
 * Remote partitioning across processes with spring-batch-integration, over a transport that needs nothing the user
 * must run beside the job repository's database: the manager writes one request per partition into a Spring
 * Integration queue kept by a {@link org.springframework.integration.jdbc.store.JdbcChannelMessageStore} in that
 * database, workers (further instances of the same application) poll it, and the manager learns that the partitions
 * are done by polling the job repository. Entry point:
 * {@link io.dynamodbtoolkit.springbatch.remote.RemotePartitioning}.
 */
@NullMarked
package io.dynamodbtoolkit.springbatch.remote;

import org.jspecify.annotations.NullMarked;
