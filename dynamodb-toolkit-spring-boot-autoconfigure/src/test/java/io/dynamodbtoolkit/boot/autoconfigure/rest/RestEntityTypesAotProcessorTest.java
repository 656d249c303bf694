package io.dynamodbtoolkit.boot.autoconfigure.rest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.AotServices;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotContribution;
import org.springframework.beans.factory.aot.BeanFactoryInitializationAotProcessor;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.javapoet.ClassName;
import org.springframework.mock.env.MockEnvironment;

class RestEntityTypesAotProcessorTest {

    sealed interface Row permits Shop, Item {
    }

    record Shop(String city, String shop) implements Row {
    }

    record Item(String city, String shop, String sku) implements Row {
    }

    private final DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
    private final MockEnvironment environment = new MockEnvironment();

    @Test
    void theConfiguredEntityTypeAndItsTierClassesAreRegistered() {
        environment.setProperty("dynamodb.toolkit.adapters.shops.key-fields", "city,shop,sku");
        environment.setProperty("dynamodb.toolkit.adapters.shops.rest.entity-type", Row.class.getName());
        beans.registerSingleton("environment", environment);

        BeanFactoryInitializationAotContribution contribution = new RestEntityTypesAotProcessor()
                .processAheadOfTime(beans);
        assertThat(contribution).isNotNull();
        DefaultGenerationContext generation = new DefaultGenerationContext(
                new ClassNameGenerator(ClassName.get(getClass())), new InMemoryGeneratedFiles());
        contribution.applyTo(generation, null);
        RuntimeHints hints = generation.getRuntimeHints();

        assertThat(RuntimeHintsPredicates.reflection().onType(Row.class)).accepts(hints);
        for (Class<?> tier : new Class<?>[] {Shop.class, Item.class}) {
            assertThat(RuntimeHintsPredicates.reflection().onType(tier).withMemberCategories(
                    MemberCategory.INVOKE_DECLARED_CONSTRUCTORS, MemberCategory.INVOKE_DECLARED_METHODS))
                    .as(tier.getName()).accepts(hints);
        }
        assertThat(RuntimeHintsPredicates.reflection().onMethodInvocation(Item.class, "sku")).accepts(hints);
    }

    @Test
    void noEntityTypeConfiguredContributesNothing() {
        environment.setProperty("dynamodb.toolkit.adapters.shops.key-fields", "city,shop,sku");
        beans.registerSingleton("environment", environment);

        assertThat(new RestEntityTypesAotProcessor().processAheadOfTime(beans)).isNull();
    }

    @Test
    void springFindsTheProcessorThroughAotFactories() {
        assertThat(AotServices.factories().load(BeanFactoryInitializationAotProcessor.class))
                .hasAtLeastOneElementOfType(RestEntityTypesAotProcessor.class);
    }
}
