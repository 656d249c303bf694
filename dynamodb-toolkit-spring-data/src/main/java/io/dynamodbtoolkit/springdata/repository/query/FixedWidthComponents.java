package io.dynamodbtoolkit.springdata.repository.query;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.springdata.mapping.DynamoDbPersistentProperty;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * Which components of a composite key hold values of one width, so that a range on them ({@code Between},
 * {@code After}, {@code GreaterThan}, ...) is an exact key range: no value extends another, so neither a longer
 * sibling value nor a child row lands on the wrong side of a bound. Fixed-width are components declared with a width
 * (zero-padded numbers, fixed-length strings) and string components whose entities hold {@code java.time} values the
 * mapping writes in one width ({@code Instant}, {@code LocalDate}, {@code LocalDateTime}, {@code LocalTime},
 * {@code Date}), checked through the application's own conversions (a custom converter that writes them otherwise
 * makes them variable).
 */
final class FixedWidthComponents {

    /** The earliest and latest values of each type, and one between: their written forms must all have one width. */
    private static final Map<Class<?>, List<Object>> SAMPLES = Map.of(
            Instant.class, List.of(Instant.parse("0000-01-01T00:00:00Z"), Instant.EPOCH.plusMillis(1),
                    Instant.parse("9999-12-31T23:59:59.999999999Z")),
            LocalDate.class, List.of(LocalDate.of(0, 1, 1), LocalDate.of(2026, 7, 6), LocalDate.of(9999, 12, 31)),
            LocalDateTime.class, List.of(LocalDateTime.of(0, 1, 1, 0, 0), LocalDateTime.of(2026, 7, 6, 9, 0, 1, 5),
                    LocalDateTime.of(9999, 12, 31, 23, 59, 59, 999_999_999)),
            LocalTime.class, List.of(LocalTime.MIDNIGHT, LocalTime.of(9, 0, 1, 5), LocalTime.MAX),
            Date.class, List.of(new Date(0), new Date(1), new Date(253402300799999L)));

    private FixedWidthComponents() {
    }

    /**
     * @param context the repository
     * @param field   the key component
     * @param classes the classes whose rows hold the component
     * @return whether every value of the component has one width in the key
     */
    static boolean isFixedWidth(QueryContext<?> context, KeyField field, Set<? extends Class<?>> classes) {
        if (field.isFixedWidth()) {
            return true;
        }
        boolean held = false;
        for (Class<?> type : classes) {
            for (DynamoDbPersistentProperty property : context.converter().getMappingContext()
                    .getRequiredPersistentEntity(type)) {
                if (property.attributeName().equals(field.name())) {
                    if (!writesOneWidth(context, property.getType())) {
                        return false;
                    }
                    held = true;
                }
            }
        }
        return held;
    }

    private static boolean writesOneWidth(QueryContext<?> context, Class<?> type) {
        List<Object> samples = SAMPLES.get(type);
        if (samples == null) {
            return false;
        }
        Integer width = null;
        for (Object sample : samples) {
            AttributeValue written = context.converter().writeValue(sample);
            if (written == null || written.s() == null) {
                return false;
            }
            int length = written.s().codePointCount(0, written.s().length());
            if (width != null && width != length) {
                return false;
            }
            width = length;
        }
        return true;
    }
}
