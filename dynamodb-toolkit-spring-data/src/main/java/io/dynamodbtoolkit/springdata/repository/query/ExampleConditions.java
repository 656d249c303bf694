package io.dynamodbtoolkit.springdata.repository.query;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.dynamodbtoolkit.adapter.SearchMirrors;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbMappingContext;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentEntity;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentProperty;
import io.dynamodbtoolkit.springdata.mapping.IdMapping;
import org.jspecify.annotations.Nullable;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.data.domain.Example;
import org.springframework.data.domain.ExampleMatcher;
import org.springframework.data.mapping.PersistentPropertyAccessor;
import org.springframework.data.repository.query.parser.Part;
import org.springframework.data.support.ExampleMatcherAccessor;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * The conditions of a query by example: each set (or, with {@code NullHandler.INCLUDE}, null) top-level property of
 * the probe that the matcher does not ignore, as the condition a derived method would have on it, with its value.
 * An {@code @Id} stands for the key fields it is stored in ({@link IdMapping}): a simple one for its key field, one of
 * a key class for each of its set properties (matched at the path {@code id.field}, e.g. {@code key.vin}), so an id
 * setting leading key fields is a key seek as those fields set as properties are.
 * Only what DynamoDB can evaluate is made: an equality, a prefix ({@code STARTING}), a substring of a string
 * ({@code CONTAINING}, a filter only) and a missing attribute; a case-insensitive match only on a property the adapter
 * mirrors lower-cased (its searchable fields), compared through the mirror. Anything else is refused, naming the
 * property and the matcher: nothing is emulated in memory.
 *
 * @param parts  the conditions; {@link BoundPart#firstArgument()} indexes {@code values}
 * @param values the values compared with, by argument index
 * @param id     the key fields the probe's {@code @Id} of a key class sets, or null when it has none set
 */
record ExampleConditions(List<BoundPart> parts, List<Object> values, @Nullable IdFields id) {

    /**
     * The key fields an {@code @Id} of a key class sets.
     *
     * @param property the {@code @Id} property
     * @param fields   the key fields it sets (not ignored by the matcher), in key order
     */
    record IdFields(String property, List<String> fields) {
    }

    /**
     * @throws InvalidDataAccessApiUsageException naming the property and the matcher DynamoDB cannot express
     */
    static ExampleConditions of(QueryContext<?> context, Example<?> example) {
        Class<?> probeType = example.getProbeType();
        ExampleMatcher matcher = example.getMatcher();
        DynamoDbMappingContext mapping = context.converter().getMappingContext();
        DynamoDbPersistentEntity<?> entity = mapping.getRequiredPersistentEntity(probeType);
        PersistentPropertyAccessor<?> probe = entity.getPropertyAccessor(example.getProbe());
        IdMapping idMapping = IdMapping.of(entity, context.keys(), mapping);
        Conditions conditions = new Conditions(context, probeType, new ExampleMatcherAccessor(matcher));
        IdFields id = null;
        String idKeyField = idMapping == null ? null : idMapping.keyField();
        for (DynamoDbPersistentProperty property : entity) {
            Object value = probe.getProperty(property);
            if (idMapping == null || !property.isIdProperty()) {
                conditions.add(property.getName(), property.attributeName(), property.isVersionProperty(), value);
            } else if (idKeyField != null) {
                conditions.add(property.getName(), idKeyField, false, value);
            } else if (value != null && !conditions.isIgnored(property.getName())) {
                id = conditions.addKeyClass(property, mapping.getRequiredPersistentEntity(
                        property.getTypeInformation()), value);
            }
        }
        if (matcher.isAnyMatching() && conditions.parts.size() > 1) {
            throw new InvalidDataAccessApiUsageException("Query by example of " + probeType.getSimpleName()
                    + ": matchingAny() joins the conditions on " + conditions.parts.stream().map(BoundPart::attribute)
                    .toList() + " with OR, which no key condition can express and the toolkit's filters "
                    + "(conjunctions) cannot either. Fix: run one example per alternative, or match all "
                    + "(ExampleMatcher.matching())");
        }
        return new ExampleConditions(List.copyOf(conditions.parts), List.copyOf(conditions.values), id);
    }

    /** @return the value of an argument */
    Object value(int argument) {
        return values.get(argument);
    }

    /** The conditions of one example, collected property by property. */
    private static final class Conditions {

        private final QueryContext<?> context;
        private final Class<?> probeType;
        private final ExampleMatcherAccessor settings;
        private final Map<String, String> mirrors;
        private final List<BoundPart> parts = new ArrayList<>();
        private final List<Object> values = new ArrayList<>();

        Conditions(QueryContext<?> context, Class<?> probeType, ExampleMatcherAccessor settings) {
            this.context = context;
            this.probeType = probeType;
            this.settings = settings;
            this.mirrors = mirrors(context.operations().getDeclaration().search());
        }

        boolean isIgnored(String path) {
            return settings.isIgnoredPath(path);
        }

        /**
         * Adds the conditions of an {@code @Id} of a key class: one per set property, on the key field it is named
         * after.
         *
         * @return the key fields it sets, or null when it sets none
         */
        @Nullable IdFields addKeyClass(DynamoDbPersistentProperty id, DynamoDbPersistentEntity<?> keyClass,
                Object key) {
            PersistentPropertyAccessor<?> accessor = keyClass.getPropertyAccessor(key);
            int before = parts.size();
            for (DynamoDbPersistentProperty component : keyClass) {
                add(id.getName() + "." + component.getName(), component.attributeName(), false,
                        accessor.getProperty(component));
            }
            List<String> fields = parts.subList(before, parts.size()).stream().map(BoundPart::attribute)
                    .sorted(Comparator.comparingInt(context.keys()::positionOf)).toList();
            return fields.isEmpty() ? null : new IdFields(id.getName(), fields);
        }

        /** Adds the condition of one property (at a path of the probe) on the attribute it is stored in. */
        void add(String path, String attribute, boolean version, @Nullable Object property) {
            if (settings.isIgnoredPath(path)) {
                return;
            }
            int keyPosition = context.keys().positionOf(attribute);
            Optional<Object> value = settings.getValueTransformerForPath(path).apply(Optional.ofNullable(property));
            if (value.isEmpty()) {
                if (settings.getNullHandler() == ExampleMatcher.NullHandler.INCLUDE && keyPosition < 0 && !version) {
                    parts.add(new BoundPart(new Part(path + "IsNull", probeType), attribute, -1, values.size()));
                }
                return;
            }
            Object given = value.get();
            requireSimple(context, probeType, path, given);
            if (!(given instanceof String text)) {
                parts.add(new BoundPart(new Part(path, probeType), attribute, keyPosition, values.size()));
                values.add(given);
                return;
            }
            ExampleMatcher.StringMatcher stringMatcher = settings.getStringMatcherForPath(path);
            String suffix = switch (stringMatcher) {
                case DEFAULT, EXACT -> "";
                case STARTING -> "StartingWith";
                case CONTAINING -> "Containing";
                case ENDING, REGEX -> throw refused(probeType, path, "StringMatcher." + stringMatcher, "DynamoDB "
                        + "offers exact and starting-with matches on keys, and contains as a filter; match '" + path
                        + "' EXACT, STARTING or CONTAINING, or ignore it (withIgnorePaths(\"" + path + "\"))");
            };
            if (settings.isIgnoreCaseForPath(path)) {
                String mirror = mirrors.get(attribute);
                if (mirror == null) {
                    throw refused(probeType, path, "ignoreCase", "DynamoDB compares strings case-sensitively and "
                            + "'" + attribute + "' has no lower-cased search mirror; declare it searchable on the "
                            + "adapter (AdapterDeclaration.Builder.searchable(\"" + attribute + "\"): the example "
                            + "then compares its mirror, as a filter), or match it with case");
                }
                parts.add(new BoundPart(new Part(path + suffix, probeType), mirror, -1, values.size()));
                values.add(text.toLowerCase(Locale.ROOT));
                return;
            }
            parts.add(new BoundPart(new Part(path + suffix, probeType), attribute,
                    suffix.equals("Containing") ? -1 : keyPosition, values.size()));
            values.add(text);
        }
    }

    private static void requireSimple(QueryContext<?> context, Class<?> probeType, String path, Object value) {
        AttributeValue stored = context.converter().writeValue(value);
        boolean simple = stored != null && (stored.s() != null || stored.n() != null || stored.b() != null
                || stored.bool() != null);
        if (!simple) {
            throw refused(probeType, path, "a value of " + value.getClass().getSimpleName(), "an example compares "
                    + "top-level strings, numbers, binaries and booleans (DynamoDB cannot match a set, list, map or "
                    + "nested object by its parts); leave '" + path + "' null or ignore it (withIgnorePaths(\""
                    + path + "\"))");
        }
    }

    private static Map<String, String> mirrors(SearchMirrors search) {
        Map<String, String> byField = new HashMap<>();
        for (int i = 0; i < search.fields().size(); i++) {
            byField.put(search.fields().get(i), search.attributes().get(i));
        }
        return byField;
    }

    private static InvalidDataAccessApiUsageException refused(Class<?> probeType, String path, String matcher,
            String fix) {
        return new InvalidDataAccessApiUsageException("Query by example of " + probeType.getSimpleName()
                + ": property '" + path + "' is matched with " + matcher + ", which DynamoDB cannot express (and the "
                + "toolkit never matches in memory). Fix: " + fix);
    }
}
