package io.dynamodbtoolkit.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import io.dynamodbtoolkit.boot.autoconfigure.properties.AdapterProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.AdapterRestProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.FilterFieldProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.IndexKeyProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.IndexProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.KeyFieldProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.MembershipProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.StructuralKeyProperties;
import io.dynamodbtoolkit.boot.autoconfigure.rest.DynamoDbToolkitRestProperties;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.AotServices;

class ConfigurationPropertiesRuntimeHintsTest {

    @Test
    void theBinderMayCreateAndSetEveryNestedPropertiesType() {
        RuntimeHints hints = new RuntimeHints();
        new ConfigurationPropertiesRuntimeHints().registerHints(hints, getClass().getClassLoader());

        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(DynamoDbToolkitProperties.class,
                "setAdapters")).accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(AdapterProperties.class, "setKeyFields"))
                .accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(KeyFieldProperties.class, "setWidth"))
                .accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(IndexProperties.class, "setSparse"))
                .accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(AdapterRestProperties.class,
                "setEntityType")).accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(MembershipProperties.class,
                "setBean")).accepts(hints);
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(DynamoDbToolkitRestProperties.class,
                "setMaxBodySize")).accepts(hints);
    }

    @Test
    void theTypesBoundFromOneStringMayBeConverted() {
        RuntimeHints hints = new RuntimeHints();
        new ConfigurationPropertiesRuntimeHints().registerHints(hints, getClass().getClassLoader());

        for (Class<?> type : new Class<?>[] {KeyFieldProperties.class, StructuralKeyProperties.class,
                IndexKeyProperties.class, FilterFieldProperties.class}) {
            assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(type, "valueOf")).as(type.getName())
                    .accepts(hints);
        }
    }

    @Test
    void springFindsTheRegistrarThroughAotFactories() {
        assertThat(AotServices.factories().load(RuntimeHintsRegistrar.class))
                .hasAtLeastOneElementOfType(ConfigurationPropertiesRuntimeHints.class);
    }
}
