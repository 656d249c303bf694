package io.dynamodbtoolkit.springdata.repository.query;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.UnaryOperator;

import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeShape;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassResult;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.repository.query.Parameter;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import org.springframework.util.StringUtils;

/**
 * A declared mass operation over a subtree, run by the core's engine: {@code deleteUnder}, {@code cloneUnder},
 * {@code moveUnder}, {@code editUnder} (the rows under a node) and their {@code ...AllUnder} cascades (the node and
 * everything under it). Key parameters bind the node by name; {@code toX} parameters give the target value of key
 * field {@code x} for copies and moves (a prefix swap); a {@link MassOptions} parameter bounds the run or resumes it;
 * an edit takes the change as a {@link UnaryOperator}. Returns the engine's {@link MassResult}, whose cursor resumes
 * an unfinished run.
 *
 * @param <T> the domain type
 */
final class MassRepositoryQuery<T> extends AbstractDynamoDbQuery<T> {

    private final HierarchicalMethod kind;
    private final KeyParameters node;
    private final Map<Integer, String> targets;
    private final @Nullable Integer optionsParameter;
    private final @Nullable Integer changeParameter;

    private MassRepositoryQuery(DynamoDbQueryMethod method, QueryContext<T> context, HierarchicalMethod kind,
            KeyParameters node, Map<Integer, String> targets, @Nullable Integer optionsParameter,
                    @Nullable Integer changeParameter) {
        super(method, context, ResultShape.of(method), ResultProjection.of(method, context));
        this.kind = kind;
        this.node = node;
        this.targets = targets;
        this.optionsParameter = optionsParameter;
        this.changeParameter = changeParameter;
    }

    /** @throws io.dynamodbtoolkit.DeclarationException when the method cannot run as declared */
    static <T> MassRepositoryQuery<T> create(DynamoDbQueryMethod method, QueryContext<T> context,
            HierarchicalMethod kind) {
        if (!MassResult.class.equals(method.getReturnedObjectType())) {
            throw method.declarationError("a mass operation returns the engine's MassResult, not "
                    + method.getReturnedObjectType().getSimpleName(), "declare the return type MassResult");
        }
        if (kind.shape() == SubtreeShape.SELF_AND_DESCENDANTS && !context.operations().getDeclaration().cascades()) {
            throw method.declarationError("adapter '" + context.adapterName() + "' does not allow cascades over a "
                    + "whole subtree", "declare cascades(true) on the adapter, or use the ...Under form (the rows "
                    + "under "
                    + "the node)");
        }
        List<String> keyFields = context.keys().keyFields().stream().map(KeyField::name).toList();
        Map<Integer, String> targets = new LinkedHashMap<>();
        Integer options = null;
        Integer change = null;
        int position = 0;
        for (Parameter parameter : method.getParameters().getBindableParameters()) {
            String target = targetField(parameter);
            if (MassOptions.class.equals(parameter.getType())) {
                options = position;
            } else if (UnaryOperator.class.equals(parameter.getType())) {
                change = position;
            } else if (target != null && keyFields.contains(target)) {
                targets.put(position, target);
            }
            position++;
        }
        requireOperands(method, kind, targets, change);
        Map<Integer, String> reserved = targets;
        Integer optionsIndex = options;
        Integer changeIndex = change;
        KeyParameters node = KeyParameters.of(method, context.keys(), context.scopeFields(), context.converter(), false,
                parameter -> isReserved(method, parameter, reserved, optionsIndex, changeIndex));
        return new MassRepositoryQuery<>(method, context, kind, node, targets, options, change);
    }

    @Override
    Source<T> source(DynamoDbParameterAccessor accessor) {
        KeyValues from = node.node(accessor);
        MassOptions options = optionsParameter == null ? MassOptions.defaults()
                : (MassOptions) accessor.getBindableValue(optionsParameter);
        if (options == null) {
            throw new InvalidDataAccessApiUsageException("The MassOptions argument is null");
        }
        HierarchicalMethod.Operation operation = kind.operation();
        boolean copies = operation == HierarchicalMethod.Operation.CLONE
                || operation == HierarchicalMethod.Operation.MOVE;
        return new MassCall<>(operation, Objects.requireNonNull(kind.shape(), "a mass method has its subtree shape"),
                from, copies ? target(from, accessor) : null,
                operation == HierarchicalMethod.Operation.EDIT ? change(accessor) : null, options,
                context().domainType());
    }

    @SuppressWarnings("unchecked")
    private @Nullable UnaryOperator<T> change(ParametersParameterAccessor accessor) {
        return (UnaryOperator<T>) accessor.getBindableValue(
                Objects.requireNonNull(changeParameter, "an edit method has its change parameter"));
    }

    private KeyValues target(KeyValues from, ParametersParameterAccessor accessor) {
        KeyValues to = from;
        for (Map.Entry<Integer, String> target : targets.entrySet()) {
            Object value = accessor.getBindableValue(target.getKey());
            if (value == null) {
                throw new InvalidDataAccessApiUsageException("The target value of key field '" + target.getValue()
                        + "' is null");
            }
            to = to.and(target.getValue(), value);
        }
        return to;
    }

    private static void requireOperands(DynamoDbQueryMethod method, HierarchicalMethod kind,
            Map<Integer, String> targets, @Nullable Integer change) {
        boolean copies = kind.operation() == HierarchicalMethod.Operation.CLONE
                || kind.operation() == HierarchicalMethod.Operation.MOVE;
        if (copies && targets.isEmpty()) {
            throw method.declarationError("a copy or move needs the target's key values",
                    "add a parameter 'toX' for each key field x that changes, e.g. 'toFacility'");
        }
        if (!copies && !targets.isEmpty()) {
            throw method.declarationError("only copies and moves take target key values ('to...' parameters)",
                    "remove them");
        }
        if ((kind.operation() == HierarchicalMethod.Operation.EDIT) != (change != null)) {
            throw method.declarationError(change == null ? "an edit needs the change as a UnaryOperator parameter"
                    : "only edits take a UnaryOperator", change == null ? "add a UnaryOperator<T> parameter"
                    : "remove it");
        }
    }

    private static boolean isReserved(DynamoDbQueryMethod method, Parameter parameter, Map<Integer, String> targets,
            @Nullable Integer options, @Nullable Integer change) {
        int index = KeyParameters.bindableIndex(method, parameter);
        return targets.containsKey(index) || Integer.valueOf(index).equals(options)
                || Integer.valueOf(index).equals(change);
    }

    /** @return the key field a {@code toX} parameter names ({@code toFacility} names {@code facility}), or null */
    private static @Nullable String targetField(Parameter parameter) {
        String name = parameter.getName().orElse("");
        if (name.length() > 2 && name.startsWith("to") && Character.isUpperCase(name.charAt(2))) {
            return StringUtils.uncapitalize(name.substring(2));
        }
        return null;
    }
}
