package io.dynamodbtoolkit.springdata.repository.query;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

import io.dynamodbtoolkit.springdata.orders.Order;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Vehicle;
import io.dynamodbtoolkit.springdata.tasks.Task;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.data.domain.Sort;
import org.springframework.data.repository.query.parser.Part;
import org.springframework.data.repository.query.parser.PartTree;

/**
 * Which key serves a derived method's conditions, one candidate at a time ({@link SeekCandidate#table} and
 * {@link SeekCandidate#index}), as a table of conditions and the expected seek: its form, what it reads, the
 * conditions it leaves to a filter and the sort its key order serves. No server.
 */
class SeekCandidateTest {

    /**
     * @param on       the adapter and the candidate: "rentals table", "rentals by-make", "tasks table", ...
     * @param method   a derived method name whose conditions are bound
     * @param seek     the expected seek, or null when the candidate cannot serve the equalities
     * @param reach    what it reads
     * @param residual the attributes it leaves to a filter
     * @param sortable a sort its key order serves (checked when not null)
     */
    record Case(String on, String method, String seek, String reach, List<String> residual, String sortable) {

        @Override
        public String toString() {
            return on + ": " + method;
        }
    }

    static Stream<Case> cases() {
        return Stream.of(
                // the hierarchy: equalities on leading key fields, then a prefix on the next string tier
                new Case("rentals table", "findByState", "table PARTITION",
                        "the 'state' row and the rows under it", List.of(), "facility"),
                new Case("rentals table", "findByStateAndFacility", "table SELF_AND_DESCENDANTS",
                        "the 'facility' row and the rows under it", List.of(), "vin"),
                new Case("rentals table", "findByStateAndFacilityAndVin", "table FULL_KEY", "one leaf row",
                        List.of(), null),
                new Case("rentals table", "findByStateAndFacilityStartingWith", "table COMPOSED",
                        "the rows whose 'facility' matches, and their subtrees", List.of(), null),
                new Case("rentals table", "findByStateAndVin", "table PARTITION",
                        "the 'state' row and the rows under it", List.of("vin"), null),
                // a range on a string tier of no fixed width would catch longer siblings: left to the filter
                new Case("rentals table", "findByStateAndFacilityGreaterThan", "table PARTITION",
                        "the 'state' row and the rows under it", List.of("facility"), null),
                new Case("rentals table", "findByFacility", null, null, null, null),
                new Case("rentals by-make", "findByMake", "index by-make COMPOSED", "the members of index 'by-make'",
                        List.of(), "dailyRate"),
                new Case("rentals by-make", "findByMakeAndDailyRateBetween", "index by-make COMPOSED",
                        "the members of index 'by-make'", List.of(), null),
                new Case("rentals by-make", "findByMakeAndColor", "index by-make COMPOSED",
                        "the members of index 'by-make'", List.of("color"), null),
                new Case("rentals by-make", "findByState", null, null, null, null),
                // a scoped adapter: the scope's fields count as equalities, and an index must fix them
                new Case("tasks table", "findByProject", "table SELF_AND_DESCENDANTS",
                        "the 'project' row and the rows under it", List.of(), "task"),
                new Case("tasks table", "findByTask", "table PARTITION", "the 'tenant' row and the rows under it",
                        List.of("task"), null),
                // plain pk/sk: any comparison on the sort key
                new Case("orders table", "findByCustomerId", "table PARTITION", "rows of table orders", List.of(),
                        "orderId"),
                new Case("orders table", "findByCustomerIdAndOrderIdGreaterThan", "table COMPOSED",
                        "rows of table orders", List.of(), null),
                new Case("orders table", "findByCustomerIdAndOrderIdAndStatus", "table COMPOSED",
                        "rows of table orders", List.of("status"), null),
                new Case("orders by-total", "findByCustomerIdAndTotalLessThan", "index by-total COMPOSED",
                        "the members of index 'by-total'", List.of(), null),
                new Case("orders by-status", "findByStatusAndCreatedAtBetween", "index by-status COMPOSED",
                        "the members of index 'by-status'", List.of(), null),
                new Case("orders by-status", "findByCustomerId", null, null, null, null));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void servesTheConditionsItCan(Case expected) {
        String[] on = expected.on().split(" ");
        QueryContext<?> context = switch (on[0]) {
            case "rentals" -> OfflinePlanning.rentals(RentalRow.class);
            case "tasks" -> OfflinePlanning.tasks(Task.class);
            default -> OfflinePlanning.orders(Order.class);
        };
        Class<?> properties = switch (on[0]) {
            case "rentals" -> Vehicle.class;
            case "tasks" -> Task.class;
            default -> Order.class;
        };
        List<BoundPart> parts = bind(context, new PartTree(expected.method(), properties));
        SeekCandidate candidate = on[1].equals("table") ? SeekCandidate.table(context, parts)
                : SeekCandidate.index(context, context.indexes().find(on[1]).orElseThrow(), parts);

        if (expected.seek() == null) {
            assertThat(candidate).isNull();
            return;
        }
        assertThat(candidate.seek()).hasToString(expected.seek());
        assertThat(candidate.reach()).isEqualTo(expected.reach());
        assertThat(candidate.residual()).extracting(BoundPart::attribute)
                .containsExactlyElementsOf(expected.residual());
        assertThat(candidate.servesAll()).isEqualTo(expected.residual().isEmpty());
        if (expected.sortable() != null) {
            assertThat(candidate.order().problem(Sort.by(expected.sortable()))).isEmpty();
            assertThat(candidate.order().problem(Sort.by("noSuchField"))).isPresent();
        }
    }

    private static List<BoundPart> bind(QueryContext<?> context, PartTree tree) {
        Function<Part, String> attribute = part -> context.attributeNameOf(part.getProperty().getSegment());
        List<BoundPart> parts = new ArrayList<>();
        int argument = 0;
        for (Part part : tree.getParts()) {
            parts.add(new BoundPart(part, attribute.apply(part), context.keys().positionOf(attribute.apply(part)),
                    argument));
            argument += part.getNumberOfArguments();
        }
        return parts;
    }
}
