package io.dynamodbtoolkit.springdata.repository.query;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Predicate;

import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.key.KeyType;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.mapping.MappingDynamoDbConverter;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.repository.query.Parameter;
import org.springframework.data.repository.query.ParametersParameterAccessor;
import org.springframework.util.ClassUtils;
import software.amazon.awssdk.core.SdkBytes;

/**
 * How a hierarchical method's parameters bind to key fields: by name (compile with {@code -parameters}) or by
 * {@code @Param("field")}; a {@link KeyValues} parameter contributes its values; for a prefix method the last
 * parameter is the prefix. Checked at start-up: every name is a key field of the right type, and together with the
 * scope fields they are contiguous from the first key field.
 */
final class KeyParameters {

    private final Map<Integer, String> fieldsByIndex;
    private final @Nullable Integer nodeIndex;
    private final @Nullable Integer prefixIndex;
    private final int boundDepth;
    private final MappingDynamoDbConverter converter;

    private KeyParameters(Map<Integer, String> fieldsByIndex, @Nullable Integer nodeIndex,
            @Nullable Integer prefixIndex, int boundDepth,
            MappingDynamoDbConverter converter) {
        this.fieldsByIndex = fieldsByIndex;
        this.nodeIndex = nodeIndex;
        this.prefixIndex = prefixIndex;
        this.boundDepth = boundDepth;
        this.converter = converter;
    }

    /**
     * @param method       the method
     * @param keys         the key design
     * @param scopeFields  the fields the scope gives values to
     * @param converter    the mapping (for value types with custom conversions)
     * @param withPrefix   whether the last key parameter is a partial prefix
     * @param reserved     parameters that are not key fields (e.g. mass-operation options)
     * @throws io.dynamodbtoolkit.DeclarationException naming the parameter and the fix
     */
    static KeyParameters of(DynamoDbQueryMethod method, KeyModel keys, List<String> scopeFields,
            MappingDynamoDbConverter converter, boolean withPrefix, Predicate<Parameter> reserved) {
        List<String> fieldNames = keys.keyFields().stream().map(KeyField::name).toList();
        List<Parameter> bindable = new ArrayList<>();
        method.getParameters().getBindableParameters().stream().filter(reserved.negate()).forEach(bindable::add);
        Integer nodeIndex = null;
        Integer prefixIndex = null;
        Map<Integer, String> fields = new LinkedHashMap<>();
        for (Parameter parameter : bindable) {
            int i = bindableIndex(method, parameter);
            if (KeyValues.class.equals(parameter.getType())) {
                if (nodeIndex != null) {
                    throw method.declarationError("it has two KeyValues parameters", "pass one key prefix");
                }
                nodeIndex = i;
                continue;
            }
            String name = parameter.getName().orElseThrow(() -> method.declarationError("parameter #" + parameter
                    .getIndex() + " has no name, so it cannot bind to a key field", "compile with -parameters, or "
                    + "annotate it @Param(\"<key field>\")"));
            if (withPrefix && isLast(bindable, parameter)) {
                prefixIndex = i;
                continue;
            }
            if (!fieldNames.contains(name)) {
                throw method.declarationError("parameter '" + name + "' names no key field; the key fields are "
                        + fieldNames, "rename the parameter to the key field it is for, or annotate it @Param(\""
                        + "<key field>\")");
            }
            if (fields.containsValue(name)) {
                throw method.declarationError("key field '" + name + "' is bound twice", "bind each key field once");
            }
            requireType(method, keys.keyField(keys.positionOf(name)), parameter.getType(), converter);
            fields.put(i, name);
        }
        int depth = nodeIndex == null ? requireContiguous(method, fieldNames, scopeFields, fields.values()) : -1;
        KeyParameters parameters = new KeyParameters(fields, nodeIndex, prefixIndex, depth, converter);
        if (withPrefix) {
            parameters.requirePrefix(method, bindable, keys);
        }
        return parameters;
    }

    /** @return how many leading key fields the parameters and the scope bind, or -1 when a KeyValues decides */
    int boundDepth() {
        return boundDepth;
    }

    /** @return the key values of a call (before the scope is applied) */
    KeyValues node(ParametersParameterAccessor accessor) {
        KeyValues given = nodeIndex == null ? KeyValues.empty() : (KeyValues) accessor.getBindableValue(nodeIndex);
        if (given == null) {
            throw new InvalidDataAccessApiUsageException("The KeyValues argument is null");
        }
        Map<String, Object> values = new LinkedHashMap<>(given.asMap());
        for (Map.Entry<Integer, String> binding : fieldsByIndex.entrySet()) {
            Object value = accessor.getBindableValue(binding.getKey());
            if (value == null) {
                throw new InvalidDataAccessApiUsageException("The value for key field '" + binding.getValue()
                        + "' is null");
            }
            values.put(binding.getValue(), value instanceof String || value instanceof Number ? value
                    : converter.writeKeyValue(value));
        }
        return KeyValues.of(values);
    }

    /** @return the call's partial prefix, or null when the method has none */
    @Nullable String prefix(ParametersParameterAccessor accessor) {
        if (prefixIndex == null) {
            return null;
        }
        Object prefix = accessor.getBindableValue(prefixIndex);
        if (prefix == null) {
            throw new InvalidDataAccessApiUsageException("The partial prefix is null");
        }
        return prefix.toString();
    }

    private void requirePrefix(DynamoDbQueryMethod method, List<Parameter> bindable, KeyModel keys) {
        if (prefixIndex == null) {
            throw method.declarationError("a prefix method needs the prefix as its last parameter",
                    "add a String parameter named 'prefix' after the key fields");
        }
        Parameter parameter = bindable.stream().filter(p -> bindableIndex(method, p) == prefixIndex).findFirst()
                .orElseThrow();
        if (!CharSequence.class.isAssignableFrom(parameter.getType())) {
            throw method.declarationError("the prefix parameter '" + parameter.getName().orElse("?") + "' is a "
                    + parameter.getType().getSimpleName(), "make it a String");
        }
        if (boundDepth < 0) {
            return;
        }
        if (boundDepth >= keys.keyFields().size()) {
            throw method.declarationError("every key field is bound, so there is no tier after them for the prefix",
                    "drop the last key field parameter: the prefix applies to its tier");
        }
        KeyField tier = keys.keyField(boundDepth);
        String name = parameter.getName().orElse("prefix");
        if (!name.equals("prefix") && !name.equals(tier.name()) && !name.equals(tier.name() + "Prefix")) {
            throw method.declarationError("the prefix parameter '" + name + "' applies to the tier after the bound "
                    + "key fields, '" + tier.name() + "'", "name it 'prefix', '" + tier.name() + "' or '" + tier.name()
                    + "Prefix'");
        }
        if (tier.type() != KeyType.STRING) {
            throw method.declarationError("a prefix applies to string tiers, but '" + tier.name() + "' is a "
                    + tier.type() + " field", "use a range condition in a derived method instead, e.g. findBy..."
                    + "And" + capitalize(tier.name()) + "Between");
        }
    }

    private static int requireContiguous(DynamoDbQueryMethod method, List<String> fieldNames,
            List<String> scopeFields, Collection<String> bound) {
        List<String> all = new ArrayList<>(scopeFields);
        bound.stream().filter(name -> !all.contains(name)).forEach(all::add);
        int depth = 0;
        while (depth < fieldNames.size() && all.contains(fieldNames.get(depth))) {
            depth++;
        }
        if (depth < all.size()) {
            String gap = fieldNames.get(depth);
            String after = fieldNames.stream().skip(depth).filter(all::contains).findFirst().orElseThrow();
            throw method.declarationError("it binds '" + after + "' but not '" + gap + "' before it; key fields are "
                    + "contiguous from the first " + fieldNames, "add a parameter '" + gap + "', or drop '" + after
                    + "'");
        }
        if (depth == 0) {
            throw method.declarationError("it binds no value for the partition key field '" + fieldNames.get(0)
                    + "', and DynamoDB can only seek within one partition", "add a parameter '" + fieldNames.get(0)
                    + "'");
        }
        return depth;
    }

    private static void requireType(DynamoDbQueryMethod method, KeyField field, Class<?> type,
            MappingDynamoDbConverter converter) {
        Class<?> boxed = ClassUtils.resolvePrimitiveIfNecessary(type);
        boolean fits = switch (field.type()) {
            case STRING -> CharSequence.class.isAssignableFrom(boxed) || boxed == Character.class || boxed.isEnum()
                    || converter.getCustomConversions().getCustomWriteTarget(boxed).filter(String.class::equals)
                    .isPresent();
            case NUMBER -> Number.class.isAssignableFrom(boxed);
            case BINARY -> boxed == byte[].class || boxed == SdkBytes.class || boxed == ByteBuffer.class;
        };
        if (!fits) {
            throw method.declarationError("parameter for key field '" + field.name() + "' is a "
                    + type.getSimpleName() + ", but the field is a " + field.type() + " field",
                    "declare it as a " + switch (field.type()) {
                        case STRING -> "String";
                        case NUMBER -> "number (int, long, BigDecimal...)";
                        case BINARY -> "byte[]";
                    });
        }
    }

    private static boolean isLast(List<Parameter> bindable, Parameter parameter) {
        for (int i = bindable.indexOf(parameter) + 1; i < bindable.size(); i++) {
            if (!KeyValues.class.equals(bindable.get(i).getType())) {
                return false;
            }
        }
        return true;
    }

    /** @return the parameter's position among the method's bindable parameters (as the accessor counts them) */
    static int bindableIndex(DynamoDbQueryMethod method, Parameter parameter) {
        int index = 0;
        for (Parameter candidate : method.getParameters().getBindableParameters()) {
            if (candidate.getIndex() == parameter.getIndex()) {
                return index;
            }
            index++;
        }
        throw new IllegalArgumentException(parameter + " is not bindable");
    }

    private static String capitalize(String name) {
        return Character.toUpperCase(name.charAt(0)) + name.substring(1);
    }
}
