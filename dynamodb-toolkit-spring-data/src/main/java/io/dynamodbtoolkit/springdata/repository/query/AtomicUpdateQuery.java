package io.dynamodbtoolkit.springdata.repository.query;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.core.AtomicUpdate;
import org.jspecify.annotations.Nullable;

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

    private final AtomicUpdateMethod update;
    private final boolean returnsRow;

    private AtomicUpdateQuery(DynamoDbQueryMethod method, QueryContext<T> context, AtomicUpdateMethod update,
            boolean returnsRow) {
        super(method, context, ResultShape.of(method), ResultProjection.of(method, context));
        this.update = update;
        this.returnsRow = returnsRow;
    }

    /** @return whether a method name is an atomic update's ({@code increment...}, {@code append...}, ...) */
    static boolean claims(String methodName) {
        return AtomicUpdateMethod.claims(methodName);
    }

    /**
     * @return the query of an atomic update method, checked
     * @throws io.dynamodbtoolkit.DeclarationException when the method cannot work as declared
     */
    static <T> AtomicUpdateQuery<T> create(DynamoDbQueryMethod method, QueryContext<T> context) {
        AtomicUpdateMethod update = AtomicUpdateMethod.of(method, context);
        Class<?> returned = method.method().getReturnType();
        boolean returnsRow = !void.class.equals(returned);
        if (returnsRow && !context.domainType().isAssignableFrom(returned)) {
            throw method.declarationError("an atomic update returns nothing or the row as written, not a "
                    + returned.getSimpleName(), "return void, " + context.domainType().getSimpleName()
                    + " or one of its tier classes");
        }
        return new AtomicUpdateQuery<>(method, context, update, returnsRow);
    }

    @Override
    Source<T> source(DynamoDbParameterAccessor accessor) {
        return new Run<>(() -> run((KeyValues) accessor.getArgument(0), accessor.getArgument(1)));
    }

    private @Nullable T run(KeyValues key, Object value) {
        AtomicUpdate<T> built = update.applyTo(context().operations().update(key, context().domainType()), value);
        if (!returnsRow) {
            built.executeWithoutResult();
            return null;
        }
        return built.execute();
    }
}
