package io.dynamodbtoolkit.springdata.repository.query;

import java.beans.Introspector;
import java.lang.reflect.Method;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.core.AtomicUpdate;
import io.dynamodbtoolkit.springdata.core.UpdatableProperties;
import io.dynamodbtoolkit.springdata.core.UpdatableProperties.Change;
import org.springframework.util.ClassUtils;

/**
 * A repository method that changes one row in place with one UpdateItem and no read, derived from its name:
 * {@code increment<Property>(KeyValues key, Number by)}, {@code append<Property>(KeyValues key, List elements)},
 * {@code addTo<Property>(KeyValues key, Collection elements)} and {@code removeFrom<Property>(KeyValues key,
 * Collection elements)}. It returns nothing ({@code void}) or the row as written (the domain type or one of its
 * tier classes; null inside a transaction). The property and the parameters are checked at start-up: an unknown
 * property, a key field, a property of the wrong type or decided by a computed index fails the start with the method's
 * name. The template's {@link AtomicUpdate} runs it: version, index membership and transactions as there.
 *
 * @param <T> the domain type
 */
final class AtomicUpdateQuery<T> extends AbstractDynamoDbQuery<T> {

    /** The name prefixes, in the order they are tried (the longer {@code removeFrom} before anything shorter). */
    private enum Prefix {
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

    private final Prefix prefix;
    private final String property;
    private final boolean returnsRow;

    private AtomicUpdateQuery(DynamoDbQueryMethod method, QueryContext<T> context, Prefix prefix, String property,
            boolean returnsRow) {
        super(method, context, ResultShape.of(method), ResultProjection.of(method, context));
        this.prefix = prefix;
        this.property = property;
        this.returnsRow = returnsRow;
    }

    /** @return whether a method name is an atomic update's ({@code increment...}, {@code append...}, ...) */
    static boolean claims(String methodName) {
        return prefixOf(methodName).isPresent();
    }

    /**
     * @return the query of an atomic update method, checked
     * @throws io.dynamodbtoolkit.DeclarationException when the method cannot work as declared
     */
    static <T> AtomicUpdateQuery<T> create(DynamoDbQueryMethod method, QueryContext<T> context) {
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
            throw method.declarationError(e.getMessage(), "name a property of " + context.domainType()
                    .getSimpleName() + " that fits the change after '" + prefix.name + "'");
        }
        Class<?> returned = declared.getReturnType();
        boolean returnsRow = !void.class.equals(returned);
        if (returnsRow && !context.domainType().isAssignableFrom(returned)) {
            throw method.declarationError("an atomic update returns nothing or the row as written, not a "
                    + returned.getSimpleName(), "return void, " + context.domainType().getSimpleName()
                    + " or one of its tier classes");
        }
        return new AtomicUpdateQuery<>(method, context, prefix, property, returnsRow);
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

    @Override
    Source<T> source(DynamoDbParameterAccessor accessor) {
        return new Run<>(() -> run((KeyValues) accessor.getArgument(0), accessor.getArgument(1)));
    }

    private T run(KeyValues key, Object value) {
        AtomicUpdate<T> update = context().operations().update(key, context().domainType());
        switch (prefix) {
            case INCREMENT -> update.increment(property, (Number) value);
            case APPEND -> update.append(property, (List<?>) value);
            case ADD_TO -> update.addTo(property, (Collection<?>) value);
            case REMOVE_FROM -> update.removeFrom(property, (Collection<?>) value);
            default -> throw new IllegalStateException(prefix.name());
        }
        if (!returnsRow) {
            update.executeWithoutResult();
            return null;
        }
        return update.execute();
    }
}
