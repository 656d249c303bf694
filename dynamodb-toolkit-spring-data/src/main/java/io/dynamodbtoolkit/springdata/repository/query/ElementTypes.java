package io.dynamodbtoolkit.springdata.repository.query;

import java.util.List;
import java.util.Set;

import io.dynamodbtoolkit.springdata.mapping.TierClasses;
import org.springframework.util.ClassUtils;

/**
 * Checks at start-up that a method's element type can hold every row its read returns: a read reaching several
 * tiers returns each row as its tier's class, so the element type must be a common supertype of them. Dropping the
 * rows of other tiers would read items that are not returned, so it is refused rather than done in memory.
 */
final class ElementTypes {

    private ElementTypes() {
    }

    /**
     * @param method the method
     * @param tiers  the tier classes
     * @param from   the shallowest depth the read reaches
     * @param to     the deepest depth it reaches
     * @param reach  what the read reaches, for the message (e.g. "the rows under 'facility'")
     * @throws io.dynamodbtoolkit.DeclarationException naming the classes that do not fit and the fix
     */
    static void requireAssignable(DynamoDbQueryMethod method, TierClasses<?> tiers, int from, int to, String reach) {
        requireAssignable(method, tiers.classesAtDepths(from, to), tiers.domainType(), reach);
    }

    /**
     * @param method     the method
     * @param classes    the classes the read returns rows as
     * @param domainType the repository's domain type, for the fix
     * @param reach      what the read reaches, for the message
     * @throws io.dynamodbtoolkit.DeclarationException naming the classes that do not fit and the fix
     */
    static void requireAssignable(DynamoDbQueryMethod method, Set<? extends Class<?>> classes, Class<?> domainType,
            String reach) {
        Class<?> element = method.elementType();
        List<String> misfits = classes.stream().filter(type -> !ClassUtils.isAssignable(element, type))
                .map(Class::getSimpleName).toList();
        if (misfits.isEmpty()) {
            return;
        }
        throw method.declarationError("it reads " + reach + ", which returns rows as " + classes.stream()
                .map(Class::getSimpleName).toList() + ", but its element type " + element.getSimpleName()
                + " cannot hold " + misfits + " (dropping those rows would read items it does not return)",
                "declare the element type as " + domainType.getSimpleName() + " (or another common "
                        + "supertype), or read one tier only: bind its parent's key fields with findUnder on the "
                        + "deepest tier, or list a tier through a per-tier sparse index");
    }
}
