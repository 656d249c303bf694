package io.dynamodbtoolkit.springdata.aot;

import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.ReactiveHierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.support.SimpleHierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.support.SimpleReactiveHierarchicalRepository;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.data.repository.query.QueryByExampleExecutor;
import org.springframework.data.repository.query.ReactiveQueryByExampleExecutor;

/**
 * The reflection the repositories need in a native image: the repository factories create the base classes (the
 * fragment behind every {@code HierarchicalRepository} method) through their constructors, and the repository proxies
 * call the fragment's methods reflectively, through the methods of the repository contracts (query by example's
 * executors included). Spring Data's own AOT processing registers the repository interfaces, the domain types and the
 * proxies, but not these base classes, which the factories choose.
 */
class RepositoryRuntimeHints implements RuntimeHintsRegistrar {

    @Override
    public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
        for (Class<?> fragment : new Class<?>[] {SimpleHierarchicalRepository.class,
                SimpleReactiveHierarchicalRepository.class}) {
            hints.reflection().registerType(fragment, MemberCategory.INVOKE_DECLARED_CONSTRUCTORS,
                    MemberCategory.INVOKE_PUBLIC_METHODS);
        }
        for (Class<?> contract : new Class<?>[] {HierarchicalRepository.class, ReactiveHierarchicalRepository.class,
                QueryByExampleExecutor.class, ReactiveQueryByExampleExecutor.class}) {
            hints.reflection().registerType(contract, MemberCategory.INVOKE_PUBLIC_METHODS);
        }
    }
}
