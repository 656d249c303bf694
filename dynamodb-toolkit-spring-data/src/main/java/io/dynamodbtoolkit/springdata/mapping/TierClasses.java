package io.dynamodbtoolkit.springdata.mapping;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.key.KeyModel;
import org.springframework.data.annotation.TypeAlias;
import org.springframework.data.mapping.MappingException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Which class the rows of each tier are read into. A class names its tier with {@code @TypeAlias("facility")}; the
 * classes are the domain type's permitted subclasses when it is sealed, those listed by {@link TierTypes @TierTypes},
 * or the domain type itself. A row whose tier has no class is read into the domain type, which must then be concrete.
 *
 * @param <T> the repository's domain type
 */
public final class TierClasses<T> {

    private final Class<T> domainType;
    private final KeyModel keys;
    private final Map<String, Class<? extends T>> byLabel;

    private TierClasses(Class<T> domainType, KeyModel keys, Map<String, Class<? extends T>> byLabel) {
        this.domainType = domainType;
        this.keys = keys;
        this.byLabel = byLabel;
    }

    /**
     * Finds and checks the tier classes of a domain type under a key design.
     *
     * @throws DeclarationException when a label is not one of the key design's, is used twice, or a tier of an
     *                              abstract domain type has no class
     */
    public static <T> TierClasses<T> of(Class<T> domainType, KeyModel keys) {
        Map<String, Class<? extends T>> byLabel = new LinkedHashMap<>();
        for (Class<? extends T> type : candidates(domainType)) {
            TypeAlias alias = type.getAnnotation(TypeAlias.class);
            if (alias == null) {
                continue;
            }
            String label = alias.value();
            requireKnownLabel(type, label, keys);
            Class<? extends T> previous = byLabel.putIfAbsent(label, type);
            if (previous != null) {
                throw new DeclarationException("@TypeAlias of " + type.getName(), "tier '" + label
                        + "' is already mapped to " + previous.getName(), "give each tier class its own label");
            }
        }
        TierClasses<T> tiers = new TierClasses<>(domainType, keys, byLabel);
        tiers.requireClassForEveryTier();
        return tiers;
    }

    /**
     * The classes a domain type's rows may be read into, found as {@link #of} finds them but with no key design to
     * check their labels against: what build-time (AOT) processing registers for reflection.
     *
     * @return the concrete tier classes and the domain type when it is concrete
     * @throws DeclarationException when a class listed by {@link TierTypes @TierTypes} is not a subtype of the domain
     *                              type
     */
    public static <T> Set<Class<? extends T>> readableClasses(Class<T> domainType) {
        return new LinkedHashSet<>(candidates(domainType));
    }

    /** @return the domain type */
    public Class<T> domainType() {
        return domainType;
    }

    /** @return the class of each labelled tier, by label */
    public Map<String, Class<? extends T>> byLabel() {
        return byLabel;
    }

    /** @return the classes rows are read into: the tier classes, and the domain type when it is concrete */
    public Set<Class<? extends T>> all() {
        Set<Class<? extends T>> all = new LinkedHashSet<>(byLabel.values());
        if (isConcrete(domainType)) {
            all.add(domainType);
        }
        return all;
    }

    /** @return the tier label of a class, if it has one */
    public Optional<String> labelOf(Class<?> type) {
        return byLabel.entrySet().stream().filter(entry -> entry.getValue().equals(type)).map(Map.Entry::getKey)
                .findFirst();
    }

    /**
     * The classes rows between two depths can be read into (1 is the partition tier).
     *
     * @param from the shallowest depth, inclusive
     * @param to   the deepest depth, inclusive
     */
    public Set<Class<? extends T>> classesAtDepths(int from, int to) {
        if (keys.typeDiscriminator().isPresent() || keys.typeLabels().isEmpty()) {
            return all();
        }
        Set<Class<? extends T>> classes = new LinkedHashSet<>();
        for (int depth = from; depth <= to; depth++) {
            Class<? extends T> type = byLabel.get(keys.typeLabels().get(depth - 1));
            classes.add(type != null ? type : domainType);
        }
        return classes;
    }

    /**
     * @return the class a stored item is read into
     * @throws MappingException when its tier has no class and the domain type is abstract
     */
    public Class<? extends T> classOf(Map<String, AttributeValue> item) {
        if (byLabel.isEmpty()) {
            return domainType;
        }
        String label = keys.codec().typeFromItem(item);
        Class<? extends T> type = byLabel.get(label);
        if (type != null) {
            return type;
        }
        if (isConcrete(domainType)) {
            return domainType;
        }
        throw new MappingException("An item of tier '" + label + "' was read, but " + domainType.getName()
                + " has no class for it: add one with @TypeAlias(\"" + label + "\")");
    }

    private void requireClassForEveryTier() {
        if (isConcrete(domainType)) {
            return;
        }
        if (byLabel.isEmpty()) {
            throw new DeclarationException(domainType.getName(), "the domain type is abstract and no tier class "
                    + "was found", "make it sealed (its permitted subclasses are the tier classes), list them with "
                    + "@TierTypes, or use a concrete class");
        }
        if (keys.typeDiscriminator().isPresent()) {
            return;
        }
        List<String> missing = new ArrayList<>(keys.typeLabels());
        missing.removeAll(byLabel.keySet());
        if (!missing.isEmpty()) {
            throw new DeclarationException(domainType.getName(), "the domain type is abstract and tiers "
                    + missing + " have no class, so their rows could not be read", "add a class with @TypeAlias for "
                    + "each of " + missing);
        }
    }

    private static void requireKnownLabel(Class<?> type, String label, KeyModel keys) {
        if (keys.typeDiscriminator().isPresent()) {
            return;
        }
        if (keys.typeLabels().isEmpty()) {
            throw new DeclarationException("@TypeAlias of " + type.getName(), "tier class '" + label
                    + "' is declared but the key design " + keys + " has no typeLabels",
                    "declare typeLabels (one per key field) in the adapter's KeyModel");
        }
        if (!keys.typeLabels().contains(label)) {
            throw new DeclarationException("@TypeAlias of " + type.getName(), "'" + label
                    + "' is not a type label of the key design", "use one of " + keys.typeLabels());
        }
    }

    @SuppressWarnings("unchecked")
    private static <T> Collection<Class<? extends T>> candidates(Class<T> domainType) {
        Set<Class<? extends T>> found = new LinkedHashSet<>();
        TierTypes listed = domainType.getAnnotation(TierTypes.class);
        if (listed != null) {
            for (Class<?> type : listed.value()) {
                if (!domainType.isAssignableFrom(type)) {
                    throw new DeclarationException("@TierTypes of " + domainType.getName(), type.getName()
                            + " is not a " + domainType.getSimpleName(), "list only subtypes of the domain type");
                }
                found.add((Class<? extends T>) type);
            }
        }
        collectPermitted(domainType, found);
        found.add(domainType);
        return found.stream().filter(TierClasses::isConcrete).collect(Collectors.toCollection(LinkedHashSet::new));
    }

    @SuppressWarnings("unchecked")
    private static <T> void collectPermitted(Class<?> type, Set<Class<? extends T>> found) {
        Class<?>[] permitted = type.getPermittedSubclasses();
        if (permitted == null) {
            return;
        }
        for (Class<?> subclass : permitted) {
            found.add((Class<? extends T>) subclass);
            collectPermitted(subclass, found);
        }
    }

    private static boolean isConcrete(Class<?> type) {
        return !type.isInterface() && !Modifier.isAbstract(type.getModifiers());
    }
}
