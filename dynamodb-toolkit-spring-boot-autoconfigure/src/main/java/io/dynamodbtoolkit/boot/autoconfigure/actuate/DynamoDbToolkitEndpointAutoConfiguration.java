package io.dynamodbtoolkit.boot.autoconfigure.actuate;

import java.util.LinkedHashMap;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.boot.autoconfigure.DynamoDbToolkitAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.provision.IndexEvolution;
import io.dynamodbtoolkit.mass.MassProgressListener;
import io.dynamodbtoolkit.provision.TableProvisioner;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * The {@code dynamodbtoolkit} Actuator endpoint ({@link DynamoDbToolkitEndpoint}), when Spring Boot's Actuator is
 * present and the endpoint is available (exposed, and not turned off with
 * {@code management.endpoint.dynamodbtoolkit.access=none}). Its write operation needs
 * {@code management.endpoint.dynamodbtoolkit.access=unrestricted}.
 */
@AutoConfiguration(after = DynamoDbToolkitAutoConfiguration.class)
@ConditionalOnClass(name = {"org.springframework.boot.actuate.endpoint.annotation.Endpoint",
    "org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint",
    "io.dynamodbtoolkit.adapter.Adapter"})
@ConditionalOnBean({IndexEvolution.class, TableProvisioner.class})
public class DynamoDbToolkitEndpointAutoConfiguration {

    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnAvailableEndpoint(DynamoDbToolkitEndpoint.class)
    DynamoDbToolkitEndpoint dynamoDbToolkitEndpoint(ObjectProvider<Adapter<?>> adapters, IndexEvolution evolution,
            TableProvisioner provisioner, ObjectProvider<MassProgressListener> listeners) {
        Map<String, Adapter<?>> byName = new LinkedHashMap<>();
        adapters.orderedStream().forEach(adapter -> byName.putIfAbsent(adapter.declaration().name(), adapter));
        MassProgressListener progress = listeners.orderedStream().reduce(MassProgressListener.NONE,
                MassProgressListener::andThen);
        return new DynamoDbToolkitEndpoint(byName, evolution, provisioner, progress);
    }
}
