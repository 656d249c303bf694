package io.dynamodbtoolkit.sample.explain;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import io.dynamodbtoolkit.index.IndexQuery;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.sample.explain.QueryShape.Parameter;
import org.springframework.stereotype.Component;

/**
 * The catalogue of queries the demo page runs: one per access pattern of the four key designs, each a key seek,
 * and two contrasts that are not (a filter and a scan), so the difference in items read is visible.
 */
@Component
public class QueryShapes {

    private static final Parameter STATE = new Parameter("state", "TX", true);
    private static final Parameter FACILITY = new Parameter("facility", "Dallas", true);
    private static final Parameter OPTIONAL_FACILITY = new Parameter("facility", "Dallas", false);
    private static final Parameter PREFIX = new Parameter("prefix", "Dal", true);
    private static final Parameter CUSTOMER = new Parameter("customer", "C-100", true);
    private static final Parameter STATUS = new Parameter("status", "OPEN", true);
    private static final Parameter USER = new Parameter("user", "ada", true);
    private static final Parameter TEAM = new Parameter("team", "platform", true);
    private static final Parameter MAKE = new Parameter("make", "Toyota", true);

    private final List<QueryShape> shapes = List.of(
            new QueryShape("states", "Per-tier sparse marker index",
                    "Which states are there? Only state rows carry the marker of this index.",
                    "rentals", "all-states", List.of(), true,
                    "rentalRepository.findInSparseIndexOfStates()",
                    (rentals, p, options) -> rentals.query(IndexQuery.on("all-states"), options)),
            new QueryShape("under", "Hierarchy: children",
                    "What is under TX/Dallas, not counting Dallas itself?",
                    "rentals", null, List.of(STATE, OPTIONAL_FACILITY), true,
                    "rentalRepository.findUnder(state, facility, position, limit)",
                    (rentals, p, options) -> rentals.list(SubtreeQuery.children(node(p)), options)),
            new QueryShape("self-and-under", "Hierarchy: self and descendants",
                    "Dallas and everything under it, but never its sibling Dallasville.",
                    "rentals", null, List.of(STATE, FACILITY), true,
                    "rentalRepository.findSelfAndUnder(state, facility, position, limit)",
                    (rentals, p, options) -> rentals.list(SubtreeQuery.selfAndDescendants(node(p)), options)),
            new QueryShape("partial", "Hierarchy: partial next tier",
                    "Which facilities of TX start with \"Dal\"? With their vehicles.",
                    "rentals", null, List.of(STATE, PREFIX), true,
                    "rentalRepository.findByPartial(state, prefix, position, limit)",
                    (rentals, p, options) -> rentals.list(
                            SubtreeQuery.partial(KeyValues.of("state", p.get("state")), p.get("prefix")), options)),
            new QueryShape("facilities", "Per-tier sparse marker index, keys only",
                    "Every facility of every state. The index holds keys; the items are read back by key.",
                    "rentals", "all-facilities", List.of(), true,
                    "rentalRepository.findInSparseIndexOfFacilities()",
                    (rentals, p, options) -> rentals.queryIndirect(IndexQuery.on("all-facilities"), options)),
            new QueryShape("review-queue", "Sparse index by absence",
                    "Which documents wait for review? Only they carry reviewFlag, so only they are in the index.",
                    "documents", "needs-review", List.of(), true,
                    "documentRepository.findByReviewFlagOrderBySubmittedAt(\"pending\", position, limit)",
                    (documents, p, options) -> documents.queryIndirect(
                            IndexQuery.on("needs-review").eq("reviewFlag", "pending"), options)),
            new QueryShape("orders-by-status", "Status + timestamp compound sort key",
                    "Customer C-100's OPEN orders, newest first.",
                    "orders", null, List.of(CUSTOMER, STATUS), true,
                    "orderRepository.findNewestFirst(customer, status, position, limit)",
                    (orders, p, options) -> orders.list(SubtreeQuery.children(
                            KeyValues.of("customer", p.get("customer"), "status", p.get("status"))),
                            options.inDescendingOrder())),
            new QueryShape("teams-of-user", "Adjacency list: outgoing edges",
                    "Which teams is user#ada a member of?",
                    "teams", null, List.of(USER), true,
                    "teamRepository.findByPartial(\"user#\" + user, \"team#\")",
                    (teams, p, options) -> teams.list(
                            SubtreeQuery.partial(KeyValues.of("src", "user#" + p.get("user")), "team#"), options)),
            new QueryShape("members-of-team", "Adjacency list: reverse index",
                    "Who are the members of team#platform?",
                    "teams", "reverse", List.of(TEAM), true,
                    "teamRepository.findByDstAndSrcStartingWith(\"team#\" + team, \"user#\")",
                    (teams, p, options) -> teams.queryIndirect(
                            IndexQuery.on("reverse").eq("dst", "team#" + p.get("team")).beginsWith("src", "user#"),
                            options)),
            new QueryShape("filter-by-make", "Contrast: a filter instead of a key",
                    "The Toyotas of TX, found by reading every row of TX and throwing most away.",
                    "rentals", null, List.of(STATE, MAKE), false,
                    "none: derived methods must be key seeks unless annotated @AllowScan",
                    (rentals, p, options) -> rentals.list(SubtreeQuery.children(KeyValues.of("state", p.get("state"))),
                            options.withFilter(rentals.declaration().filters()
                                    .parse(List.of("eq-make=" + p.get("make")))))),
            new QueryShape("review-queue-by-scan", "Contrast: a scan instead of a sparse index",
                    "The review queue without its index: read every document, keep the pending ones.",
                    "documents", null, List.of(), false,
                    "none: a Scan needs @AllowScan",
                    (documents, p, options) -> documents.scan(options.withFilter(documents.declaration().filters()
                            .parse(List.of("eq-reviewFlag=pending"))))));

    /** @return every shape, in the order the page shows them */
    public List<QueryShape> all() {
        return shapes;
    }

    /** @return the shape with this id */
    public Optional<QueryShape> byId(String id) {
        return shapes.stream().filter(shape -> shape.id().equals(id)).findFirst();
    }

    private static KeyValues node(Map<String, String> parameters) {
        String facility = parameters.get("facility");
        KeyValues state = KeyValues.of("state", parameters.get("state"));
        return facility == null ? state : state.and("facility", facility);
    }
}
