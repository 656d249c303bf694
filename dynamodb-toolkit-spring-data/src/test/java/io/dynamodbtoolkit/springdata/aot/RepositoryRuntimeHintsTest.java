package io.dynamodbtoolkit.springdata.aot;

import static org.assertj.core.api.Assertions.assertThat;

import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.support.SimpleHierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.support.SimpleReactiveHierarchicalRepository;
import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.AotServices;

class RepositoryRuntimeHintsTest {

    private final RuntimeHints hints = new RuntimeHints();

    @Test
    void theFactoriesMayCreateTheBaseClassesAndTheProxiesMayCallTheirMethods() {
        new RepositoryRuntimeHints().registerHints(hints, getClass().getClassLoader());

        for (Class<?> fragment : new Class<?>[] {SimpleHierarchicalRepository.class,
                SimpleReactiveHierarchicalRepository.class}) {
            assertThat(RuntimeHintsPredicates.reflection().onType(fragment).withMemberCategories(
                    MemberCategory.INVOKE_DECLARED_CONSTRUCTORS, MemberCategory.INVOKE_PUBLIC_METHODS))
                    .as(fragment.getName()).accepts(hints);
        }
        for (Class<?> type : new Class<?>[] {SimpleHierarchicalRepository.class, HierarchicalRepository.class,
                SimpleReactiveHierarchicalRepository.class, ReactiveHierarchicalRepository.class}) {
            assertThat(type.getMethods()).filteredOn(method -> method.getDeclaringClass() != Object.class)
                    .as(type.getName()).isNotEmpty().allSatisfy(method -> assertThat(
                    RuntimeHintsPredicates.reflection().onMethodInvocation(method)).as(method.toString())
                    .accepts(hints));
        }
    }

    @Test
    void springFindsTheRegistrarThroughAotFactories() {
        assertThat(AotServices.factories().load(RuntimeHintsRegistrar.class))
                .hasAtLeastOneElementOfType(RepositoryRuntimeHints.class);
    }
}
