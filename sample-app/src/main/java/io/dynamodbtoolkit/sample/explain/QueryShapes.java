package io.dynamodbtoolkit.sample.explain;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;

import io.dynamodbtoolkit.sample.explain.QueryShape.Parameter;
import io.dynamodbtoolkit.sample.orders.OrderRepository;
import io.dynamodbtoolkit.sample.orders.OrderStatus;
import io.dynamodbtoolkit.sample.rentals.RentalRepository;
import io.dynamodbtoolkit.sample.reviews.DocumentRepository;
import io.dynamodbtoolkit.sample.reviews.ReviewQueue;
import io.dynamodbtoolkit.sample.teams.TeamRepository;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;
import org.springframework.web.server.ResponseStatusException;

/**
 * The catalogue of queries the demo page runs: one per access pattern of the four key designs, each a key seek,
 * and two contrasts that are not (a filter and a scan), so the difference in items read is visible. Each runs a
 * repository method returning an {@code ItemPage}, the one its {@link QueryShape#repositoryMethod()} names.
 */
@Component
public class QueryShapes {

    private static final Parameter STATE = new Parameter("state", "TX");
    private static final Parameter FACILITY = new Parameter("facility", "Dallas");
    private static final Parameter PREFIX = new Parameter("prefix", "Dal");
    private static final Parameter CUSTOMER = new Parameter("customer", "C-100");
    private static final Parameter STATUS = new Parameter("status", "OPEN");
    private static final Parameter USER = new Parameter("user", "ada");
    private static final Parameter TEAM = new Parameter("team", "platform");
    private static final Parameter MAKE = new Parameter("make", "Toyota");

    private final List<QueryShape> shapes;

    /**
     * @param rentals   the rentals hierarchy
     * @param documents the documents and their review queue
     * @param orders    the orders
     * @param teams     the teams graph
     */
    public QueryShapes(RentalRepository rentals, DocumentRepository documents, OrderRepository orders,
            TeamRepository teams) {
        shapes = List.of(
                new QueryShape("states", "Per-tier sparse marker index",
                        "Which states are there? Only state rows carry the marker of this index.",
                        "rentals", "all-states", List.of(), true,
                        "rentalRepository.findInSparseIndexOfStates(options)",
                        (p, options) -> rentals.findInSparseIndexOfStates(options)),
                new QueryShape("under", "Hierarchy: children",
                        "What is under TX/Dallas, not counting Dallas itself?",
                        "rentals", null, List.of(STATE, FACILITY), true,
                        "rentalRepository.findUnder(state, facility, options)",
                        (p, options) -> rentals.findUnder(p.get("state"), p.get("facility"), options)),
                new QueryShape("self-and-under", "Hierarchy: self and descendants",
                        "Dallas and everything under it, but never its sibling Dallasville.",
                        "rentals", null, List.of(STATE, FACILITY), true,
                        "rentalRepository.findSelfAndUnder(state, facility, options)",
                        (p, options) -> rentals.findSelfAndUnder(p.get("state"), p.get("facility"), options)),
                new QueryShape("partial", "Hierarchy: partial next tier",
                        "Which facilities of TX start with \"Dal\"? With their vehicles.",
                        "rentals", null, List.of(STATE, PREFIX), true,
                        "rentalRepository.findByPartial(state, prefix, options)",
                        (p, options) -> rentals.findByPartial(p.get("state"), p.get("prefix"), options)),
                new QueryShape("facilities", "Per-tier sparse marker index, keys only",
                        "Every facility of every state. The index holds keys; the items are read back by key.",
                        "rentals", "all-facilities", List.of(), true,
                        "rentalRepository.findInSparseIndexOfFacilities(options)",
                        (p, options) -> rentals.findInSparseIndexOfFacilities(options)),
                new QueryShape("review-queue", "Sparse index by absence",
                        "Which documents wait for review? Only they carry reviewFlag, so only they are in the index.",
                        "documents", "needs-review", List.of(), true,
                        "documentRepository.findByReviewFlag(\"pending\", options)",
                        (p, options) -> documents.findByReviewFlag(ReviewQueue.PENDING, options)),
                new QueryShape("orders-by-status", "Status + timestamp compound sort key",
                        "Customer C-100's OPEN orders, newest first.",
                        "orders", null, List.of(CUSTOMER, STATUS), true,
                        "orderRepository.findUnder(customer, status, options.inDescendingOrder())",
                        (p, options) -> orders.findUnder(p.get("customer"), status(p.get("status")),
                                options.inDescendingOrder())),
                new QueryShape("teams-of-user", "Adjacency list: outgoing edges",
                        "Which teams is user#ada a member of?",
                        "teams", null, List.of(USER), true,
                        "teamRepository.findByPartial(\"user#\" + user, \"team#\", options)",
                        (p, options) -> teams.findByPartial("user#" + p.get("user"), "team#", options)),
                new QueryShape("members-of-team", "Adjacency list: reverse index",
                        "Who are the members of team#platform?",
                        "teams", "reverse", List.of(TEAM), true,
                        "teamRepository.findByDstAndSrcStartingWith(\"team#\" + team, \"user#\", options)",
                        (p, options) -> teams.findByDstAndSrcStartingWith("team#" + p.get("team"), "user#",
                                options)),
                new QueryShape("filter-by-make", "Contrast: a filter instead of a key",
                        "The Toyotas of TX, found by reading every row of TX and throwing most away. The method "
                                + "is declared @AllowScan: without it, it would fail at start-up.",
                        "rentals", null, List.of(STATE, MAKE), false,
                        "rentalRepository.findByStateAndMake(state, make, options)",
                        (p, options) -> rentals.findByStateAndMake(p.get("state"), p.get("make"), options)),
                new QueryShape("review-queue-by-scan", "Contrast: a scan instead of a sparse index",
                        "The review queue without its index: read every document, keep those carrying reviewFlag. "
                                + "The method is declared @AllowScan: without it, it would fail at start-up.",
                        "documents", null, List.of(), false,
                        "documentRepository.findByReviewFlagIsNotNull(options)",
                        (p, options) -> documents.findByReviewFlagIsNotNull(options)));
    }

    /** @return every shape, in the order the page shows them */
    public List<QueryShape> all() {
        return shapes;
    }

    /** @return the shape with this id */
    public Optional<QueryShape> byId(String id) {
        return shapes.stream().filter(shape -> shape.id().equals(id)).findFirst();
    }

    private static OrderStatus status(String name) {
        return Arrays.stream(OrderStatus.values()).filter(status -> status.name().equals(name)).findFirst()
                .orElseThrow(() -> new ResponseStatusException(HttpStatus.BAD_REQUEST, "No order status '" + name
                        + "'; the statuses are " + Arrays.toString(OrderStatus.values())));
    }
}
