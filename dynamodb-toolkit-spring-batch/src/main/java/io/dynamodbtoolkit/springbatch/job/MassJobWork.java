package io.dynamodbtoolkit.springbatch.job;

import java.util.Map;

import org.springframework.batch.core.partition.Partitioner;
import org.springframework.batch.infrastructure.item.ExecutionContext;
import org.springframework.batch.infrastructure.item.ItemStreamReader;
import org.springframework.batch.infrastructure.item.ItemWriter;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What one ready job does, from its checked parameters: how the work is split, how a partition reads its items and
 * how they are written. Built from the readers, writers and partitioners of {@code springbatch.item} and
 * {@code springbatch.partition}.
 */
interface MassJobWork {

    /** @return the partitioner that splits the request's work */
    Partitioner partitioner(MassJobRequest request);

    /** @return a new reader of one partition (its range and saved position are in the partition's context) */
    ItemStreamReader<Map<String, AttributeValue>> reader(MassJobRequest request, ExecutionContext partition);

    /** @return a new writer of the request's operation */
    ItemWriter<Map<String, AttributeValue>> writer(MassJobRequest request);
}
