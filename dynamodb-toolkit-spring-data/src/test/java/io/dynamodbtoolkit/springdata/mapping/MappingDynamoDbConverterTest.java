package io.dynamodbtoolkit.springdata.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.springframework.core.convert.converter.Converter;
import org.springframework.data.annotation.Transient;
import org.springframework.data.convert.ReadingConverter;
import org.springframework.data.convert.WritingConverter;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** Conversion of plain classes and records to attribute maps and back, without a server. */
class MappingDynamoDbConverterTest {

    enum Fuel { PETROL, ELECTRIC }

    record Money(BigDecimal amount, String currency) {
    }

    record Insurance(String provider, Instant validUntil) {
    }

    record Car(String vin, Fuel fuel, BigDecimal dailyRate, int seats, long odometer, double rating, boolean rented,
            LocalDate registeredOn, Instant lastSeen, UUID trackerId, List<String> features, Set<String> tags,
            Set<Integer> ratings, Map<String, Integer> counters, Insurance insurance, List<Insurance> history,
            byte[] photo, @Attribute("mk") String make, Money deposit) {
    }

    static class Note {
        String id;
        String text;
        @Transient
        String shown;
    }

    @WritingConverter
    enum MoneyToString implements Converter<Money, String> {
        INSTANCE;

        @Override
        public String convert(Money source) {
            return source.amount().toPlainString() + " " + source.currency();
        }
    }

    @ReadingConverter
    enum StringToMoney implements Converter<String, Money> {
        INSTANCE;

        @Override
        public Money convert(String source) {
            String[] parts = source.split(" ");
            return new Money(new BigDecimal(parts[0]), parts[1]);
        }
    }

    private final DynamoDbCustomConversions conversions = new DynamoDbCustomConversions(
            List.of(MoneyToString.INSTANCE, StringToMoney.INSTANCE));
    private final MappingDynamoDbConverter converter = new MappingDynamoDbConverter(
            new DynamoDbMappingContext(conversions), conversions);

    private final Car car = new Car("1HGC0001", Fuel.ELECTRIC, new BigDecimal("49.90"), 5, 12_345_678_901L, 4.5, true,
            LocalDate.of(2024, 3, 1), Instant.parse("2026-07-01T10:15:30.5Z"),
            UUID.fromString("7d444840-9dc0-11d1-b245-5ffdce74fad2"), List.of("gps", "abs"), Set.of("blue"),
            Set.of(4, 5), Map.of("trips", 7), new Insurance("Acme", Instant.parse("2027-01-01T00:00:00Z")),
            List.of(new Insurance("Old", Instant.parse("2020-01-01T00:00:00Z"))), new byte[] {1, 2, 3}, "Honda",
            new Money(new BigDecimal("300.00"), "USD"));

    @Test
    void writesStoreTypesAndSortableStrings() {
        Map<String, AttributeValue> item = converter.write(car, true);

        assertThat(item.get("vin")).isEqualTo(AttributeValue.fromS("1HGC0001"));
        assertThat(item.get("fuel")).isEqualTo(AttributeValue.fromS("ELECTRIC"));
        assertThat(item.get("dailyRate")).isEqualTo(AttributeValue.fromN("49.90"));
        assertThat(item.get("odometer")).isEqualTo(AttributeValue.fromN("12345678901"));
        assertThat(item.get("rented")).isEqualTo(AttributeValue.fromBool(true));
        assertThat(item.get("registeredOn")).isEqualTo(AttributeValue.fromS("2024-03-01"));
        assertThat(item.get("lastSeen")).isEqualTo(AttributeValue.fromS("2026-07-01T10:15:30.500000000Z"));
        assertThat(item.get("trackerId")).isEqualTo(AttributeValue.fromS("7d444840-9dc0-11d1-b245-5ffdce74fad2"));
        assertThat(item.get("features").l()).containsExactly(AttributeValue.fromS("gps"), AttributeValue.fromS("abs"));
        assertThat(item.get("tags")).isEqualTo(AttributeValue.fromSs(List.of("blue")));
        assertThat(item.get("ratings").ns()).containsExactlyInAnyOrder("4", "5");
        assertThat(item.get("counters").m()).containsEntry("trips", AttributeValue.fromN("7"));
        assertThat(item.get("insurance").m()).containsEntry("provider", AttributeValue.fromS("Acme"));
        assertThat(item.get("photo")).isEqualTo(AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {1, 2, 3})));
        assertThat(item.get("mk")).isEqualTo(AttributeValue.fromS("Honda"));
        assertThat(item).doesNotContainKey("make");
        assertThat(item.get("deposit")).isEqualTo(AttributeValue.fromS("300.00 USD"));
    }

    @Test
    void readsBackEqualValues() {
        Car read = converter.read(Car.class, converter.write(car, true));

        assertThat(read).usingRecursiveComparison().isEqualTo(car);
        assertThat(read.tags()).isInstanceOf(Set.class);
    }

    @Test
    void nullsAreLeftOutOrWrittenAsNulls() {
        Note note = new Note();
        note.id = "n1";
        note.shown = "not stored";

        assertThat(converter.write(note, true)).containsOnlyKeys("id");
        assertThat(converter.write(note, false)).containsEntry("text", AttributeValue.fromNul(true))
                .doesNotContainKey("shown");
        Note read = converter.read(Note.class, Map.of("id", AttributeValue.fromS("n1"), "shown",
                AttributeValue.fromS("ignored")));
        assertThat(read.id).isEqualTo("n1");
        assertThat(read.shown).isNull();
    }

    @Test
    void emptySetsAreLeftOutBecauseDynamoDbCannotStoreThem() {
        Car noTags = new Car("v", null, null, 0, 0, 0, false, null, null, null, null, Set.of(), null, null, null,
                null, null, null, null);

        assertThat(converter.write(noTags, true)).doesNotContainKey("tags").containsEntry("seats",
                AttributeValue.fromN("0"));
        assertThat(converter.read(Car.class, Map.of("vin", AttributeValue.fromS("v"))).seats()).isZero();
    }

    @Test
    void numbersAreReadExactlyOrRefused() {
        assertThatThrownBy(() -> converter.read(Car.class, Map.of("seats", AttributeValue.fromN("12345678901"))))
                .hasMessageContaining("12345678901").hasMessageContaining("Integer");
        assertThatThrownBy(() -> converter.read(Car.class, Map.of("odometer", AttributeValue.fromN("1.5"))))
                .hasMessageContaining("does not fit a Long");
        assertThat(converter.read(Car.class, Map.of("rating", AttributeValue.fromN("4.25"))).rating()).isEqualTo(4.25);
        assertThat(converter.read(Car.class, Map.of("seats", AttributeValue.fromN("-7"))).seats()).isEqualTo(-7);
        assertThat(converter.read(Car.class, Map.of("seats", AttributeValue.fromN("7.0"))).seats()).isEqualTo(7);
        assertThat(converter.read(Car.class, Map.of("odometer", AttributeValue.fromN("123456789012345678000E-3")))
                .odometer()).isEqualTo(123456789012345678L);
        assertThat(converter.read(Car.class, Map.of("rating", AttributeValue.fromN("1E+2"))).rating()).isEqualTo(100);
    }

    @Test
    void aValueOfAnUnreadableTypeNamesTheTypeAndTheFix() {
        assertThatThrownBy(() -> converter.read(Car.class, Map.of("seats", AttributeValue.fromS("five"))))
                .hasMessageContaining("five");
    }
}
