package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.List;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.springdata.windows.Delivery;
import io.dynamodbtoolkit.springdata.windows.DeliveryRepository;
import io.dynamodbtoolkit.springdata.windows.Shelf;
import io.dynamodbtoolkit.springdata.windows.ShelfRepository;
import io.dynamodbtoolkit.springdata.windows.Shift;
import io.dynamodbtoolkit.springdata.windows.ShiftRepository;
import io.dynamodbtoolkit.springdata.windows.Windows;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.RequestLog;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;

/**
 * Time windows and ranges on the last bound tier of a structural key are exact key-range seeks when the tier's values
 * all have one width: {@code Instant}, {@code LocalDate} and {@code LocalDateTime} tiers, and a string tier declared
 * with a width. The data holds values that differ only past a bound (two instants one nanosecond apart) and child
 * rows under every boundary row: a window keeps exactly the rows whose tier value is inside it, children included,
 * and reads nothing else. A range on a tier of values of several widths stays refused at start-up.
 */
@DynamoDbTest
class TimeWindowsIT {

    private static final Instant NINE = Instant.parse("2026-07-06T09:00:00Z");
    private static final Instant NINE_AND_A_NANO = NINE.plusNanos(1);
    private static final Instant TEN = Instant.parse("2026-07-06T10:00:00Z");
    private static final Instant ELEVEN = Instant.parse("2026-07-06T11:00:00Z");

    private static AnnotationConfigApplicationContext context;
    private static DeliveryRepository deliveries;
    private static ShiftRepository shifts;
    private static ShelfRepository shelves;

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = DeliveryRepository.class)
    static class WindowConfiguration {
    }

    /** A range on a tier of plain strings, whose values may extend one another. */
    @AdapterName("deliveries")
    interface RangesOverParcels extends HierarchicalRepository<Delivery> {
        List<Delivery> findByDepotAndAtAndParcelBetween(String depot, Instant at, String from, String to);
    }

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = TimeWindowsIT.class, considerNestedRepositories = true,
            includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = RangesOverParcels.class))
    static class ParcelRangeConfiguration {
    }

    @BeforeAll
    static void load(DynamoDbClient client, TestTables tables) {
        AdapterDeclaration<?> deliveryTable = Windows.deliveries(tables.uniqueName("deliveries"));
        AdapterDeclaration<?> shiftTable = Windows.shifts(tables.uniqueName("shifts"));
        AdapterDeclaration<?> shelfTable = Windows.shelves(tables.uniqueName("shelves"));
        TableProvisioner provisioner = TableProvisioner.of(client);
        List.of(deliveryTable, shiftTable, shelfTable).forEach(provisioner::create);
        context = SpringContexts.start(client, WindowConfiguration.class, beans -> {
            beans.registerBean("deliveriesDeclaration", AdapterDeclaration.class, () -> deliveryTable);
            beans.registerBean("shiftsDeclaration", AdapterDeclaration.class, () -> shiftTable);
            beans.registerBean("shelvesDeclaration", AdapterDeclaration.class, () -> shelfTable);
        });
        deliveries = context.getBean(DeliveryRepository.class);
        shifts = context.getBean(ShiftRepository.class);
        shelves = context.getBean(ShelfRepository.class);
        for (String depot : List.of("D1", "D2")) {
            for (Instant at : List.of(NINE, NINE_AND_A_NANO, TEN, ELEVEN)) {
                deliveries.insert(new Delivery(depot, at, null, "slot"));
                deliveries.insert(new Delivery(depot, at, "P1", "parcel"));
                deliveries.insert(new Delivery(depot, at, "P2", "parcel"));
            }
        }
        for (int day = 5; day <= 7; day++) {
            LocalDate date = LocalDate.of(2026, 7, day);
            shifts.insert(new Shift("S1", date, null, null));
            shifts.insert(new Shift("S1", date, date.atTime(8, 0), "early"));
            shifts.insert(new Shift("S1", date, date.atTime(16, 0), "late"));
        }
        for (String code : List.of("0010", "0011", "0100", "0101")) {
            shelves.insert(new Shelf("B1", code, null));
            shelves.insert(new Shelf("B1", code, "B-" + code));
        }
    }

    @AfterAll
    static void close() {
        context.close();
    }

    @Test
    void windowsOnAnInstantTierKeepExactlyTheRowsInside(RequestLog log) {
        log.clear();
        assertThat(times(deliveries.findByDepotAndAtBetween("D1", NINE, TEN)))
                .containsExactly(NINE, NINE, NINE, NINE_AND_A_NANO, NINE_AND_A_NANO, NINE_AND_A_NANO, TEN, TEN, TEN);
        assertThat(times(deliveries.findByDepotAndAtBetween("D1", NINE, NINE))).containsExactly(NINE, NINE, NINE);
        assertThat(times(deliveries.findByDepotAndAtAfter("D1", NINE))).containsExactly(NINE_AND_A_NANO,
                NINE_AND_A_NANO, NINE_AND_A_NANO, TEN, TEN, TEN, ELEVEN, ELEVEN, ELEVEN);
        assertThat(times(deliveries.findByDepotAndAtGreaterThanEqual("D1", NINE_AND_A_NANO))).containsExactly(
                NINE_AND_A_NANO, NINE_AND_A_NANO, NINE_AND_A_NANO, TEN, TEN, TEN, ELEVEN, ELEVEN, ELEVEN);
        assertThat(times(deliveries.findByDepotAndAtBefore("D1", NINE_AND_A_NANO))).containsExactly(NINE, NINE,
                NINE);
        assertThat(times(deliveries.findByDepotAndAtBefore("D1", TEN))).containsExactly(NINE, NINE, NINE,
                NINE_AND_A_NANO, NINE_AND_A_NANO, NINE_AND_A_NANO);
        assertThat(times(deliveries.findByDepotAndAtLessThanEqual("D1", NINE))).containsExactly(NINE, NINE, NINE);

        assertThat(deliveries.findByDepotAndAtBetween("D1", TEN, ELEVEN)).extracting(Delivery::depot)
                .containsOnly("D1");
        assertThat(log.calls("Query")).hasSize(8).allSatisfy(call -> {
            QueryRequest query = call.request(QueryRequest.class);
            assertThat(query.filterExpression()).isNull();
            assertThat(query.keyConditionExpression()).doesNotContain("begins_with");
        });
        assertThat(log.calls("Scan")).isEmpty();
        log.assertNoReadAmplification();
    }

    @Test
    void windowsOnALocalDateTierAndOnTheLocalDateTimeTierUnderIt(RequestLog log) {
        LocalDate fifth = LocalDate.of(2026, 7, 5);
        LocalDate sixth = LocalDate.of(2026, 7, 6);

        assertThat(shifts.findBySiteAndDayBetween("S1", fifth, sixth)).extracting(Shift::day)
                .containsExactly(fifth, fifth, fifth, sixth, sixth, sixth);
        assertThat(shifts.findBySiteAndDayAfter("S1", fifth)).extracting(Shift::day).containsExactly(sixth, sixth,
                sixth, LocalDate.of(2026, 7, 7), LocalDate.of(2026, 7, 7), LocalDate.of(2026, 7, 7));
        assertThat(shifts.findBySiteAndDayAndStartAfter("S1", sixth, sixth.atTime(8, 0))).extracting(Shift::who)
                .containsExactly("late");
        assertThat(shifts.findBySiteAndDayAndStartLessThan("S1", sixth, sixth.atTime(16, 0)))
                .extracting(Shift::who).containsExactly("early");
        assertThat(shifts.findBySiteAndDayAndStartLessThan("S1", sixth, LocalDateTime.of(2026, 7, 6, 8, 0)))
                .isEmpty();
        log.assertNoReadAmplification();
    }

    @Test
    void rangesOnAStringTierDeclaredWithAWidth(RequestLog log) {
        assertThat(shelves.findByBranchAndCodeBetween("B1", "0010", "0100")).extracting(Shelf::code)
                .containsExactly("0010", "0010", "0011", "0011", "0100", "0100");
        assertThat(shelves.findByBranchAndCodeGreaterThan("B1", "0011")).extracting(Shelf::code)
                .containsExactly("0100", "0100", "0101", "0101");
        log.assertNoReadAmplification();

        assertThatThrownBy(() -> shelves.insert(new Shelf("B1", "12", null)))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("value \"12\" has 2 characters, but the field is declared with width 4");
        assertThatThrownBy(() -> shelves.findByBranchAndCodeGreaterThan("B1", "1"))
                .isInstanceOf(InvalidDataAccessApiUsageException.class)
                .hasMessageContaining("declared with width 4");
    }

    @Test
    void aRangeOnATierOfSeveralWidthsIsRefusedAtStartUp(DynamoDbClient client, TestTables tables) {
        AdapterDeclaration<?> deliveryTable = Windows.deliveries(tables.uniqueName("refused"));
        assertThatThrownBy(() -> SpringContexts.start(client, ParcelRangeConfiguration.class, beans ->
                beans.registerBean("deliveriesDeclaration", AdapterDeclaration.class, () -> deliveryTable)).close())
                .rootCause().isInstanceOf(DeclarationException.class)
                .hasMessageContaining("RangesOverParcels.findByDepotAndAtAndParcelBetween")
                .hasMessageContaining("the condition BETWEEN on key field 'parcel' cannot be part of the key condition")
                .hasMessageContaining("a range takes a tier whose values all have one width")
                .hasMessageContaining("Fix: declare the width of 'parcel'");
    }

    private static List<Instant> times(List<Delivery> rows) {
        return rows.stream().map(Delivery::at).toList();
    }
}
