package io.dynamodbtoolkit.boot.autoconfigure.rest;

import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.AdapterProperties;
import io.dynamodbtoolkit.springdata.aot.EntityHints;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotContribution;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.core.env.Environment;

/**
 * At build time, registers the reflection of the entity classes named by
 * {@code dynamodb.toolkit.adapters.<name>.rest.entity-type} ({@link EntityHints}): the property is bound to a class by
 * its name, and the REST surface reads and writes its JSON bodies as that class. (The domain types of repositories are
 * registered with the repositories.)
 */
class RestEntityTypesAotProcessor implements BeanFactoryInitializationAotProcessor {

    @Override
    public @Nullable BeanFactoryInitializationAotContribution processAheadOfTime(
            ConfigurableListableBeanFactory beans) {
        List<Class<?>> entityTypes = Binder.get(beans.getBean(Environment.class))
                .bind(DynamoDbToolkitProperties.PREFIX + ".adapters",
                        Bindable.mapOf(String.class, AdapterProperties.class))
                .map(Map::values).map(adapters -> adapters.stream()
                        .<Class<?>>map(adapter -> adapter.getRest().getEntityType()).filter(Objects::nonNull).toList())
                .orElse(List.of());
        if (entityTypes.isEmpty()) {
            return null;
        }
        return (generation, code) -> entityTypes.forEach(type -> EntityHints.register(
                generation.getRuntimeHints().reflection(), type));
    }
}
