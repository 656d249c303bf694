package io.dynamodbtoolkit.springdata.repository.query;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.repository.IndexName;
import org.jspecify.annotations.Nullable;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.repository.query.Parameter;

/**
 * A declared {@code findInSparseIndex...} method: the members of a sparse index, as key seeks on the index. With
 * {@link IndexName @IndexName} the index is checked at start-up and the parameters bind its key fields by name;
 * without it the method takes the index name as a String parameter {@code indexName} (and key values as a
 * {@link KeyValues} parameter), checked per call.
 *
 * @param <T> the domain type
 */
final class SparseIndexRepositoryQuery<T> extends AbstractDynamoDbQuery<T> {

    private final @Nullable String indexName;
    private final Map<Integer, String> fields;
    private final @Nullable Integer indexNameParameter;
    private final @Nullable Integer valuesParameter;

    private SparseIndexRepositoryQuery(DynamoDbQueryMethod method, QueryContext<T> context, @Nullable String indexName,
            Map<Integer, String> fields, @Nullable Integer indexNameParameter, @Nullable Integer valuesParameter,
                    ResultShape result,
            ResultProjection projection) {
        super(method, context, result, projection);
        this.indexName = indexName;
        this.fields = fields;
        this.indexNameParameter = indexNameParameter;
        this.valuesParameter = valuesParameter;
    }

    /** @throws io.dynamodbtoolkit.DeclarationException when the index or a parameter does not fit */
    static <T> SparseIndexRepositoryQuery<T> create(DynamoDbQueryMethod method, QueryContext<T> context) {
        ResultShape result = ResultShape.of(method);
        IndexName named = AnnotatedElementUtils.findMergedAnnotation(method.method(), IndexName.class);
        Map<Integer, String> fields = new LinkedHashMap<>();
        Integer indexNameParameter = null;
        Integer valuesParameter = null;
        IndexDeclaration index = named == null ? null : context.indexes().find(named.value()).orElseThrow(() ->
                method.declarationError("@IndexName(\"" + named.value() + "\") names no index of adapter '"
                        + context.adapterName() + "'; its indexes are " + indexNames(context), "name a declared index, "
                        + "or declare '" + named.value() + "' in the adapter declaration"));
        List<String> indexFields = new ArrayList<>();
        if (index != null) {
            indexFields.addAll(IndexKeys.partitionFields(context, index));
            indexFields.addAll(IndexKeys.sortFields(index));
        }
        int position = 0;
        for (Parameter parameter : method.getParameters().getBindableParameters()) {
            String name = parameter.getName().orElse(null);
            if (KeyValues.class.equals(parameter.getType())) {
                valuesParameter = position;
            } else if (index == null && String.class.equals(parameter.getType())
                    && ("indexName".equals(name) || "index".equals(name))) {
                indexNameParameter = position;
            } else if (index != null && name != null && indexFields.contains(name)) {
                fields.put(position, name);
            } else {
                throw method.declarationError("parameter '" + name + "' names no key field of "
                        + (index == null ? "an index named at start-up" : "index '" + index.name() + "' "
                        + indexFields), index == null ? "name the index with @IndexName(\"...\") to bind its key "
                        + "fields by name, or take the index name as a String parameter 'indexName' and key values "
                        + "as a KeyValues parameter" : "rename the parameter to one of " + indexFields);
            }
            position++;
        }
        if (index == null && indexNameParameter == null) {
            throw method.declarationError("it names no index", "annotate it @IndexName(\"...\"), or add a String "
                    + "parameter 'indexName'");
        }
        ResultProjection projection = ResultProjection.of(method, context);
        if (index != null) {
            List<String> given = new ArrayList<>(fields.values());
            given.addAll(context.scopeFields());
            boolean scans = valuesParameter == null && IndexRead.scansMembers(index,
                    IndexKeys.partitionFields(context, index), given);
            if (!scans) {
                requirePartition(method, context, index, fields.values(), valuesParameter != null);
            }
            if (result.pagesByOffset() && IndexKeys.isSharded(index)) {
                throw result.offsetOnShardedIndex(method, index.name());
            }
            if (result.pagesByOffset() && scans && index.scanSegments() > 1) {
                throw result.offsetOnParallelScan(method, index.name(), index.scanSegments());
            }
            ElementTypes.requireFits(method, projection.declared(), IndexKeys.classes(context, index),
                    context.tiers().domainType(), reach(index.name()));
        }
        return new SparseIndexRepositoryQuery<>(method, context, index == null ? null : index.name(), fields,
                indexNameParameter, valuesParameter, result, projection);
    }

    @Override
    Source<T> source(DynamoDbParameterAccessor accessor) {
        String name = indexName != null ? indexName : (String) Objects.requireNonNull(accessor.getBindableValue(
                Objects.requireNonNull(indexNameParameter, "an index not named by the method is an argument")),
                "the index name argument is null");
        KeyValues keyValues = valuesParameter == null ? KeyValues.empty()
                : (KeyValues) Objects.requireNonNull(accessor.getBindableValue(valuesParameter),
                        "the key values argument is null");
        for (Map.Entry<Integer, String> field : fields.entrySet()) {
            Object value = accessor.getBindableValue(field.getKey());
            if (value == null) {
                throw new InvalidDataAccessApiUsageException("The value for index key field '" + field.getValue()
                        + "' is null");
            }
            keyValues = keyValues.and(field.getValue(), value);
        }
        IndexRead<T> read = IndexRead.of(context(), name, keyValues);
        if (indexName == null) {
            requireElementType(read.classes(), name);
        }
        return new Read<>(read.read(), read.options(accessor.getSort()), read.classes(), reach(name), 0);
    }

    /** The check of a method whose index is named at call time: its declared element type against the members. */
    private void requireElementType(Set<? extends Class<?>> classes, String name) {
        if (shape() != ResultShape.COUNT && shape() != ResultShape.EXISTS) {
            ElementTypes.requireFitsAtCall(getQueryMethod(), projection().declared(), classes, reach(name));
        }
    }

    private static String reach(String indexName) {
        return "the members of index '" + indexName + "'";
    }

    private static void requirePartition(DynamoDbQueryMethod method, QueryContext<?> context, IndexDeclaration index,
            Collection<String> given, boolean withValues) {
        if (withValues) {
            return;
        }
        for (String field : IndexKeys.partitionFields(context, index)) {
            if (!given.contains(field) && !context.scopeFields().contains(field)) {
                throw method.declarationError("index '" + index.name() + "' needs a value for its partition key field '"
                        + field + "'", "add a parameter '" + field + "'" + (index.isSparse() ? "" : ", or, if only "
                        + "the items that qualify carry the index's key, declare the index sparse to list every "
                        + "member with a Scan of the index"));
            }
        }
    }

    private static List<String> indexNames(QueryContext<?> context) {
        return context.indexes().all().stream().map(IndexDeclaration::name).toList();
    }
}
