package io.dynamodbtoolkit.springdata.aot;

import java.util.LinkedHashSet;
import java.util.Set;

import io.dynamodbtoolkit.springdata.mapping.TierClasses;
import org.springframework.aot.hint.BindingReflectionHintsRegistrar;
import org.springframework.aot.hint.MemberCategory;
import org.springframework.aot.hint.ReflectionHints;

/**
 * The reflection an entity type needs in a native image: the domain type and every class its rows are read into (the
 * permitted subclasses of a sealed tier hierarchy, the classes of {@code @TierTypes}), each with its constructors,
 * methods and fields for the mapping, and its properties for JSON bodies (Jackson binding).
 */
public final class EntityHints {

    private static final BindingReflectionHintsRegistrar BINDING = new BindingReflectionHintsRegistrar();

    private EntityHints() {
    }

    /**
     * @param hints      where to register
     * @param domainType a repository's domain type or a configured entity type
     */
    public static void register(ReflectionHints hints, Class<?> domainType) {
        Set<Class<?>> classes = new LinkedHashSet<>();
        classes.add(domainType);
        classes.addAll(TierClasses.readableClasses(domainType));
        for (Class<?> type : classes) {
            hints.registerType(type, MemberCategory.INVOKE_DECLARED_CONSTRUCTORS,
                    MemberCategory.INVOKE_DECLARED_METHODS, MemberCategory.ACCESS_DECLARED_FIELDS);
            BINDING.registerReflectionHints(hints, type);
        }
    }
}
