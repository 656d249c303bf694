package io.dynamodbtoolkit.springdata.mapping;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Date;
import java.util.List;
import java.util.UUID;

import org.springframework.core.convert.converter.Converter;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;

/**
 * Store converters for values DynamoDB has no type for. Instants, dates and times are written as fixed-width
 * ISO-8601 strings (nanoseconds always present, UTC for instants and dates), so that the strings sort like the values
 * and can be range-queried as sort keys; a value outside the years 0000 to 9999, which that form cannot hold in
 * sort order, is refused with an {@link IllegalArgumentException}. Reading accepts any ISO-8601 form. UUIDs are
 * written as their canonical string.
 */
final class StoreConverters {

    private static final int FIRST_YEAR = 0;
    private static final int LAST_YEAR = 9999;
    private static final Instant FIRST_INSTANT = Instant.parse("0000-01-01T00:00:00Z");
    private static final Instant AFTER_LAST_INSTANT = Instant.parse("+10000-01-01T00:00:00Z");

    private static final DateTimeFormatter INSTANT = DateTimeFormatter
            .ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS'Z'").withZone(ZoneOffset.UTC);
    private static final DateTimeFormatter LOCAL_DATE_TIME = DateTimeFormatter
            .ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSSSSSSSS");
    private static final DateTimeFormatter LOCAL_TIME = DateTimeFormatter.ofPattern("HH:mm:ss.SSSSSSSSS");

    private StoreConverters() {
    }

    private static Instant sortable(Instant value) {
        if (value.isBefore(FIRST_INSTANT) || !value.isBefore(AFTER_LAST_INSTANT)) {
            throw outOfRange(value);
        }
        return value;
    }

    private static int sortableYear(int year, Object value) {
        if (year < FIRST_YEAR || year > LAST_YEAR) {
            throw outOfRange(value);
        }
        return year;
    }

    private static IllegalArgumentException outOfRange(Object value) {
        return new IllegalArgumentException(value + " is outside the years 0000 to 9999 that the stored, sortable "
                + "form of dates and times holds");
    }

    static List<Object> all() {
        return List.of(InstantToString.INSTANCE, StringToInstant.INSTANCE, DateToString.INSTANCE,
                StringToDate.INSTANCE, LocalDateTimeToString.INSTANCE, StringToLocalDateTime.INSTANCE,
                LocalDateToString.INSTANCE, StringToLocalDate.INSTANCE, LocalTimeToString.INSTANCE,
                StringToLocalTime.INSTANCE, OffsetDateTimeToString.INSTANCE, StringToOffsetDateTime.INSTANCE,
                DurationToString.INSTANCE, StringToDuration.INSTANCE, UuidToString.INSTANCE, StringToUuid.INSTANCE);
    }

    @WritingConverter
    enum InstantToString implements Converter<Instant, String> {
        INSTANCE;

        @Override
        public String convert(Instant source) {
            return INSTANT.format(sortable(source));
        }
    }

    @ReadingConverter
    enum StringToInstant implements Converter<String, Instant> {
        INSTANCE;

        @Override
        public Instant convert(String source) {
            return Instant.parse(source);
        }
    }

    @WritingConverter
    enum DateToString implements Converter<Date, String> {
        INSTANCE;

        @Override
        public String convert(Date source) {
            return INSTANT.format(sortable(source.toInstant()));
        }
    }

    @ReadingConverter
    enum StringToDate implements Converter<String, Date> {
        INSTANCE;

        @Override
        public Date convert(String source) {
            return Date.from(Instant.parse(source));
        }
    }

    @WritingConverter
    enum LocalDateTimeToString implements Converter<LocalDateTime, String> {
        INSTANCE;

        @Override
        public String convert(LocalDateTime source) {
            sortableYear(source.getYear(), source);
            return LOCAL_DATE_TIME.format(source);
        }
    }

    @ReadingConverter
    enum StringToLocalDateTime implements Converter<String, LocalDateTime> {
        INSTANCE;

        @Override
        public LocalDateTime convert(String source) {
            return LocalDateTime.parse(source);
        }
    }

    @WritingConverter
    enum LocalDateToString implements Converter<LocalDate, String> {
        INSTANCE;

        @Override
        public String convert(LocalDate source) {
            sortableYear(source.getYear(), source);
            return source.toString();
        }
    }

    @ReadingConverter
    enum StringToLocalDate implements Converter<String, LocalDate> {
        INSTANCE;

        @Override
        public LocalDate convert(String source) {
            return LocalDate.parse(source);
        }
    }

    @WritingConverter
    enum LocalTimeToString implements Converter<LocalTime, String> {
        INSTANCE;

        @Override
        public String convert(LocalTime source) {
            return LOCAL_TIME.format(source);
        }
    }

    @ReadingConverter
    enum StringToLocalTime implements Converter<String, LocalTime> {
        INSTANCE;

        @Override
        public LocalTime convert(String source) {
            return LocalTime.parse(source);
        }
    }

    @WritingConverter
    enum OffsetDateTimeToString implements Converter<OffsetDateTime, String> {
        INSTANCE;

        @Override
        public String convert(OffsetDateTime source) {
            return source.toString();
        }
    }

    @ReadingConverter
    enum StringToOffsetDateTime implements Converter<String, OffsetDateTime> {
        INSTANCE;

        @Override
        public OffsetDateTime convert(String source) {
            return OffsetDateTime.parse(source);
        }
    }

    @WritingConverter
    enum DurationToString implements Converter<Duration, String> {
        INSTANCE;

        @Override
        public String convert(Duration source) {
            return source.toString();
        }
    }

    @ReadingConverter
    enum StringToDuration implements Converter<String, Duration> {
        INSTANCE;

        @Override
        public Duration convert(String source) {
            return Duration.parse(source);
        }
    }

    @WritingConverter
    enum UuidToString implements Converter<UUID, String> {
        INSTANCE;

        @Override
        public String convert(UUID source) {
            return source.toString();
        }
    }

    @ReadingConverter
    enum StringToUuid implements Converter<String, UUID> {
        INSTANCE;

        @Override
        public UUID convert(String source) {
            return UUID.fromString(source);
        }
    }
}
