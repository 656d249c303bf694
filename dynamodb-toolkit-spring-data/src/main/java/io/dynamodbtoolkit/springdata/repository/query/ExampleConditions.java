package io.dynamodbtoolkit.springdata.repository.query;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import io.dynamodbtoolkit.adapter.SearchMirrors;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentEntity;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentProperty;
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
 * Only what DynamoDB can evaluate is made: an equality, a prefix ({@code STARTING}), a substring of a string
 * ({@code CONTAINING}, a filter only) and a missing attribute; a case-insensitive match only on a property the adapter
 * mirrors lower-cased (its searchable fields), compared through the mirror. Anything else is refused, naming the
 * property and the matcher: nothing is emulated in memory.
 *
 * @param parts  the conditions; {@link BoundPart#firstArgument()} indexes {@code values}
 * @param values the values compared with, by argument index
 */
record ExampleConditions(List<BoundPart> parts, List<Object> values) {

    /**
     * @throws InvalidDataAccessApiUsageException naming the property and the matcher DynamoDB cannot express
     */
    static ExampleConditions of(QueryContext<?> context, Example<?> example) {
        Class<?> probeType = example.getProbeType();
        ExampleMatcher matcher = example.getMatcher();
        ExampleMatcherAccessor settings = new ExampleMatcherAccessor(matcher);
        DynamoDbPersistentEntity<?> entity = context.converter().getMappingContext()
                .getRequiredPersistentEntity(probeType);
        PersistentPropertyAccessor<?> probe = entity.getPropertyAccessor(example.getProbe());
        Map<String, String> mirrors = mirrors(context.operations().getDeclaration().search());
        List<BoundPart> parts = new ArrayList<>();
        List<Object> values = new ArrayList<>();
        for (DynamoDbPersistentProperty property : entity) {
            String path = property.getName();
            if (settings.isIgnoredPath(path)) {
                continue;
            }
            String attribute = property.attributeName();
            int keyPosition = context.keys().positionOf(attribute);
            Optional<Object> value = settings.getValueTransformerForPath(path)
                    .apply(Optional.ofNullable(probe.getProperty(property)));
            if (value.isEmpty()) {
                if (settings.getNullHandler() == ExampleMatcher.NullHandler.INCLUDE && keyPosition < 0
                        && !property.isVersionProperty()) {
                    parts.add(new BoundPart(new Part(path + "IsNull", probeType), attribute, -1, values.size()));
                }
                continue;
            }
            Object given = value.get();
            requireSimple(context, probeType, path, given);
            if (!(given instanceof String text)) {
                parts.add(new BoundPart(new Part(path, probeType), attribute, keyPosition, values.size()));
                values.add(given);
                continue;
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
                continue;
            }
            parts.add(new BoundPart(new Part(path + suffix, probeType), attribute,
                    suffix.equals("Containing") ? -1 : keyPosition, values.size()));
            values.add(text);
        }
        if (matcher.isAnyMatching() && parts.size() > 1) {
            throw new InvalidDataAccessApiUsageException("Query by example of " + probeType.getSimpleName()
                    + ": matchingAny() joins the conditions on " + parts.stream().map(BoundPart::attribute).toList()
                    + " with OR, which no key condition can express and the toolkit's filters (conjunctions) cannot "
                    + "either. Fix: run one example per alternative, or match all (ExampleMatcher.matching())");
        }
        return new ExampleConditions(List.copyOf(parts), List.copyOf(values));
    }

    /** @return the value of an argument */
    Object value(int argument) {
        return values.get(argument);
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
