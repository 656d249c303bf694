package io.dynamodbtoolkit.springdata.repository.query;

import java.beans.Introspector;
import java.lang.reflect.Method;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.core.AtomicChanges;
import io.dynamodbtoolkit.springdata.core.UpdatableProperties;
import io.dynamodbtoolkit.springdata.core.UpdatableProperties.Change;
import org.springframework.util.ClassUtils;

/**
 * What an atomic update method's name and parameters say, for blocking and reactive repositories alike:
 * {@code increment<Property>(KeyValues key, Number by)}, {@code append<Property>(KeyValues key, List elements)},
 * {@code addTo<Property>(KeyValues key, Collection elements)} and {@code removeFrom<Property>(KeyValues key,
 * Collection elements)}, the property checked against the domain type at start-up.
 *
 * @param prefix   the change the name asks for
 * @param property the property it changes
 */
record AtomicUpdateMethod(Prefix prefix, String property) {

    /** The name prefixes, in the order they are tried (the longer {@code removeFrom} before anything shorter). */
    enum Prefix {
        INCREMENT("increment", Change.INCREMENT, Number.class),
        APPEND("append", Change.APPEND, List.class),
        ADD_TO("addTo", Change.ADD_TO, Collection.class),
        REMOVE_FROM("removeFrom", Change.REMOVE_FROM, Collection.class);

        private final String name;
        private final Change change;
        private final Class<?> argument;

        Prefix(String name, Change change, Class<?> argument) {
            this.name = name;
            this.change = change;
            this.argument = argument;
        }
    }

    /** @return whether a method name is an atomic update's ({@code increment...}, {@code append...}, ...) */
    static boolean claims(String methodName) {
        return prefixOf(methodName).isPresent();
    }

    /**
     * @return the atomic update a method declares, its parameters and property checked (not its return type, which
     *         differs between blocking and reactive repositories)
     * @throws io.dynamodbtoolkit.DeclarationException when the method cannot work as declared
     */
    static AtomicUpdateMethod of(DynamoDbQueryMethod method, QueryContext<?> context) {
        Method declared = method.method();
        Prefix prefix = prefixOf(declared.getName()).orElseThrow();
        String property = Introspector.decapitalize(declared.getName().substring(prefix.name.length()));
        Class<?>[] parameters = declared.getParameterTypes();
        if (parameters.length != 2 || !KeyValues.class.equals(parameters[0])
                || !prefix.argument.isAssignableFrom(ClassUtils.resolvePrimitiveIfNecessary(parameters[1]))) {
            throw method.declarationError("an atomic update takes the row's key and the "
                    + prefix.argument.getSimpleName() + " to " + prefix.change.name().toLowerCase().replace('_', ' ')
                    + ", in that order", "declare it as " + declared.getName() + "(KeyValues key, "
                    + prefix.argument.getSimpleName() + " value)");
        }
        try {
            UpdatableProperties.of(context.operations(), context.domainType()).check(property, prefix.change);
        } catch (IllegalArgumentException e) {
            throw method.declarationError(String.valueOf(e.getMessage()), "name a property of " + context.domainType()
                    .getSimpleName() + " that fits the change after '" + prefix.name + "'");
        }
        return new AtomicUpdateMethod(prefix, property);
    }

    /**
     * Adds the method's change to an update.
     *
     * @param update the update (blocking or reactive)
     * @param value  the call's second argument
     * @return the update
     */
    <U extends AtomicChanges<?, U>> U applyTo(U update, Object value) {
        return switch (prefix) {
            case INCREMENT -> update.increment(property, (Number) value);
            case APPEND -> update.append(property, (List<?>) value);
            case ADD_TO -> update.addTo(property, (Collection<?>) value);
            case REMOVE_FROM -> update.removeFrom(property, (Collection<?>) value);
        };
    }

    private static Optional<Prefix> prefixOf(String methodName) {
        for (Prefix prefix : Prefix.values()) {
            if (methodName.startsWith(prefix.name) && methodName.length() > prefix.name.length()
                    && Character.isUpperCase(methodName.charAt(prefix.name.length()))) {
                return Optional.of(prefix);
            }
        }
        return Optional.empty();
    }
}
