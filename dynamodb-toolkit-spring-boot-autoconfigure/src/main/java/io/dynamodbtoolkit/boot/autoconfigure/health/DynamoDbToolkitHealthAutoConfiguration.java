package io.dynamodbtoolkit.boot.autoconfigure.health;

import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.autoconfigure.DynamoDbToolkitAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.provision.IndexEvolution;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.health.autoconfigure.contributor.ConditionalOnEnabledHealthIndicator;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.context.annotation.Bean;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The {@code dynamodb} health indicator (when Spring Boot's health support is present and
 * {@code management.health.dynamodb.enabled} is not false): every adapter's table reachable and serving, with the
 * indexes that need a backfill as warnings.
 */
@AutoConfiguration(after = DynamoDbToolkitAutoConfiguration.class)
@ConditionalOnClass({HealthIndicator.class, Adapter.class})
@ConditionalOnBean({Adapter.class, DynamoDbClient.class})
@ConditionalOnEnabledHealthIndicator("dynamodb")
public class DynamoDbToolkitHealthAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean(name = "dynamodbHealthIndicator")
    DynamoDbToolkitHealthIndicator dynamodbHealthIndicator(Map<String, Adapter<?>> adapters, DynamoDbClient client,
            ObjectProvider<IndexEvolution> evolution) {
        return new DynamoDbToolkitHealthIndicator(adapters, client, evolution.getIfAvailable());
    }
}
