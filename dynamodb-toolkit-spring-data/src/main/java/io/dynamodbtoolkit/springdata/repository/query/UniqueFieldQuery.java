package io.dynamodbtoolkit.springdata.repository.query;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.UniqueFields;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitOperations;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.core.PropertyReferenceException;
import org.springframework.data.repository.query.parser.Part;
import org.springframework.data.repository.query.parser.PartTree;
import reactor.core.publisher.Mono;

/**
 * A derived method reading one row by a value of a unique field ({@code Optional<User> findByEmail(String email)};
 * for a field unique within leading key fields, those as further equalities or from the current scope): two key
 * reads, the value's guard item then the row, never a Scan or a filter. Claimed before the derived planner, which
 * would find no key serving the condition.
 *
 * @param <T> the domain type
 */
final class UniqueFieldQuery<T> extends AbstractDynamoDbQuery<T> {

    private final String field;
    private final int valueArgument;
    private final Map<Integer, String> scopeArguments;

    private UniqueFieldQuery(DynamoDbQueryMethod method, QueryContext<T> context, String field, int valueArgument,
            Map<Integer, String> scopeArguments) {
        super(method, context, ResultShape.SINGLE, ResultProjection.of(method, context));
        this.field = field;
        this.valueArgument = valueArgument;
        this.scopeArguments = scopeArguments;
    }

    /**
     * @return the query when the method reads one row (an entity or an {@code Optional} of one) by equalities on a
     *         unique field and the key fields it is unique within (the scope's own fields may be left out); else
     *         null, for the derived planner
     */
    static <T> @Nullable UniqueFieldQuery<T> claim(DynamoDbQueryMethod method, QueryContext<T> context) {
        UniqueFields uniques = context.operations().getDeclaration().uniques();
        if (uniques.isEmpty() || ResultShape.of(method) != ResultShape.SINGLE
                || !context.domainType().isAssignableFrom(method.getReturnedObjectType())) {
            return null;
        }
        PartTree tree = partTree(method, context);
        if (tree == null || tree.isDelete() || tree.isCountProjection() || tree.isExistsProjection()
                || tree.isDistinct() || tree.getSort().isSorted() || tree.stream().count() != 1) {
            return null;
        }
        String unique = null;
        int valueArgument = -1;
        Map<Integer, String> scopeArguments = new LinkedHashMap<>();
        List<String> equalities = new ArrayList<>();
        int argument = 0;
        for (Part part : tree.getParts()) {
            if (part.getType() != Part.Type.SIMPLE_PROPERTY || part.getProperty().hasNext()
                    || part.shouldIgnoreCase() != Part.IgnoreCaseType.NEVER) {
                return null;
            }
            String attribute = context.attributeNameOf(part.getProperty().getSegment());
            if (uniques.isUnique(attribute) && unique == null) {
                unique = attribute;
                valueArgument = argument;
            } else {
                scopeArguments.put(argument, attribute);
            }
            equalities.add(attribute);
            argument++;
        }
        if (unique == null) {
            return null;
        }
        List<String> within = uniques.within(unique);
        for (String scoped : scopeArguments.values()) {
            if (!within.contains(scoped)) {
                return null;
            }
        }
        for (String scopeField : within) {
            if (!equalities.contains(scopeField) && !context.scopeFields().contains(scopeField)) {
                throw method.declarationError("'" + unique + "' is unique within " + within + ", so reading by it "
                        + "needs '" + scopeField + "' too", "add an equality on '" + scopeField + "' to the method "
                        + "name, or confine the repository to a scope with that field");
            }
        }
        return new UniqueFieldQuery<>(method, context, unique, valueArgument, scopeArguments);
    }

    private static @Nullable PartTree partTree(DynamoDbQueryMethod method, QueryContext<?> context) {
        List<Class<?>> types = new ArrayList<>();
        types.add(method.domainClass());
        types.addAll(context.tiers().all());
        for (Class<?> type : types) {
            try {
                return new PartTree(method.getName(), type);
            } catch (PropertyReferenceException | IllegalArgumentException e) {
                // another tier class may have the property; the derived planner reports a name none has
            }
        }
        return null;
    }

    @Override
    Source<T> source(DynamoDbParameterAccessor accessor) {
        Lookup lookup = lookup(accessor);
        return new Run<>(() -> context().operations().findByUnique(field, lookup.value(), lookup.scope(),
                context().domainType()).orElse(null));
    }

    /** @return the call on the reactive template: the row, or empty */
    Mono<T> runOn(ReactiveDynamoDbToolkitOperations operations, DynamoDbParameterAccessor accessor) {
        return Mono.defer(() -> {
            Lookup lookup = lookup(accessor);
            return operations.findByUnique(field, lookup.value(), lookup.scope(), context().domainType());
        });
    }

    private Lookup lookup(DynamoDbParameterAccessor accessor) {
        Object value = accessor.getBindableValue(valueArgument);
        if (value == null) {
            throw new InvalidDataAccessApiUsageException("The value of unique field '" + field + "' is null: a "
                    + "null value is held by no row");
        }
        KeyValues scope = KeyValues.empty();
        for (Map.Entry<Integer, String> argument : scopeArguments.entrySet()) {
            Object scopeValue = accessor.getBindableValue(argument.getKey());
            if (scopeValue == null) {
                throw new InvalidDataAccessApiUsageException("The value of key field '" + argument.getValue()
                        + "' is null");
            }
            scope = scope.and(argument.getValue(), scopeValue);
        }
        return new Lookup(value, scope);
    }

    /**
     * One call's arguments.
     *
     * @param value the unique value
     * @param scope the key fields' values given with it
     */
    private record Lookup(Object value, KeyValues scope) {
    }
}
