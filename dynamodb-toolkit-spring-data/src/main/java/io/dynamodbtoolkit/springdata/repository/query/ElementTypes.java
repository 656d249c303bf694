package io.dynamodbtoolkit.springdata.repository.query;

import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import io.dynamodbtoolkit.springdata.mapping.TierClasses;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;

/**
 * Checks that a method's element type can be made from every row its read returns: a read reaching several tiers
 * returns each row as its tier's class, so the element type must be a common supertype of them, or a projection of
 * properties they all have ({@link ElementType}). Dropping the rows that do not fit would read items that are not
 * returned, so a misfit is refused (at start-up, or at call time for a dynamic projection) rather than filtered in
 * memory.
 */
final class ElementTypes {

    private static final String ONE_TIER = "read one tier only: bind its parent's key fields with findUnder on the "
            + "deepest tier, or list a tier through a per-tier sparse index";

    private ElementTypes() {
    }

    /**
     * @param method  the method
     * @param element its element type
     * @param tiers   the tier classes
     * @param from    the shallowest depth the read reaches
     * @param to      the deepest depth it reaches
     * @param reach   what the read reaches, for the message (e.g. "the rows under 'facility'")
     * @throws io.dynamodbtoolkit.DeclarationException naming the classes that do not fit and the fix
     */
    static void requireFits(DynamoDbQueryMethod method, ElementType element, TierClasses<?> tiers, int from, int to,
            String reach) {
        requireFits(method, element, tiers.classesAtDepths(from, to), tiers.domainType(), reach);
    }

    /**
     * @param method     the method
     * @param element    its element type
     * @param classes    the classes the read returns rows as
     * @param domainType the repository's domain type, for the fix
     * @param reach      what the read reaches, for the message
     * @throws io.dynamodbtoolkit.DeclarationException naming the classes that do not fit and the fix
     */
    static void requireFits(DynamoDbQueryMethod method, ElementType element, Set<? extends Class<?>> classes,
            Class<?> domainType, String reach) {
        String problem = problem(element, classes, reach);
        if (problem == null) {
            return;
        }
        throw method.declarationError(problem, element.isProjection()
                ? "project only properties that every one of " + names(classes) + " has, or " + ONE_TIER
                : "declare the element type as " + domainType.getSimpleName() + " (or another common supertype, "
                        + "or a projection of properties those classes share), or " + ONE_TIER);
    }

    /**
     * The check of a dynamic projection, whose type is known at call time only.
     *
     * @throws InvalidDataAccessApiUsageException naming the classes that do not fit
     */
    static void requireFitsAtCall(DynamoDbQueryMethod method, ElementType element, Set<? extends Class<?>> classes,
            String reach) {
        String problem = problem(element, classes, reach);
        if (problem != null) {
            throw new InvalidDataAccessApiUsageException(method.describe() + ": " + problem.replaceFirst("^it ",
                    "the call ") + "; pass a type every one of " + names(classes) + " can be returned as");
        }
    }

    /** @return whether rows of every class can be returned as the element type */
    static boolean fits(ElementType element, Set<? extends Class<?>> classes) {
        return element.misfits(classes).isEmpty();
    }

    /** @return what keeps the rows from being returned as the element type, or null when nothing does */
    static @Nullable String problem(ElementType element, Set<? extends Class<?>> classes, String reach) {
        Map<Class<?>, String> misfits = element.misfits(classes);
        if (misfits.isEmpty()) {
            return null;
        }
        String read = "it reads " + reach + ", which returns rows as " + names(classes);
        if (!element.isProjection()) {
            return read + ", but its element type " + element + " cannot hold " + names(misfits.keySet())
                    + " (dropping those rows would read items it does not return)";
        }
        return read + ", but its " + (element.kind() == ElementType.Kind.DTO ? "DTO" : "interface") + " projection "
                + element + " cannot be made from " + names(misfits.keySet()) + ": " + misfits.entrySet().stream()
                .map(misfit -> misfit.getKey().getSimpleName() + " " + misfit.getValue())
                .collect(Collectors.joining("; "));
    }

    private static String names(Set<? extends Class<?>> classes) {
        return classes.stream().map(Class::getSimpleName).toList().toString();
    }
}
