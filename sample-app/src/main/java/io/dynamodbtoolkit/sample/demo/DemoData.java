package io.dynamodbtoolkit.sample.demo;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.mass.MassOperations;
import io.dynamodbtoolkit.mass.MassOptions;
import io.dynamodbtoolkit.mass.MassScope;
import io.dynamodbtoolkit.sample.orders.Order;
import io.dynamodbtoolkit.sample.orders.OrderRepository;
import io.dynamodbtoolkit.sample.orders.OrderStatus;
import io.dynamodbtoolkit.sample.rentals.Facility;
import io.dynamodbtoolkit.sample.rentals.RentalRepository;
import io.dynamodbtoolkit.sample.rentals.State;
import io.dynamodbtoolkit.sample.rentals.Vehicle;
import io.dynamodbtoolkit.sample.reviews.Document;
import io.dynamodbtoolkit.sample.reviews.DocumentRepository;
import io.dynamodbtoolkit.sample.reviews.ReviewQueue;
import io.dynamodbtoolkit.sample.teams.GraphNode;
import io.dynamodbtoolkit.sample.teams.TeamMembership;
import io.dynamodbtoolkit.sample.teams.TeamRepository;
import org.springframework.stereotype.Component;

/**
 * The demo data: three states with facilities (Dallas and Dallasville both in Texas) and vehicles, forty documents
 * of which five wait for review, two customers' orders in every status, and users and teams. Written through the
 * repositories, with fixed times so every run shows the same data.
 */
@Component
public class DemoData {

    private static final Instant START = Instant.parse("2026-07-01T09:00:00Z");

    private final RentalRepository rentals;
    private final DocumentRepository documents;
    private final OrderRepository orders;
    private final TeamRepository teams;
    private final Map<String, Adapter<Map<String, Object>>> adapters;

    /**
     * @param rentals   the rentals
     * @param documents the documents
     * @param orders    the orders
     * @param teams     the teams graph
     * @param adapters  every adapter, to empty its table on reset
     */
    public DemoData(RentalRepository rentals, DocumentRepository documents, OrderRepository orders,
            TeamRepository teams, Map<String, Adapter<Map<String, Object>>> adapters) {
        this.rentals = rentals;
        this.documents = documents;
        this.orders = orders;
        this.teams = teams;
        this.adapters = adapters;
    }

    /** @return whether the demo data is there (the Texas row is its first item) */
    public boolean isPresent() {
        return rentals.existsById(KeyValues.of("state", "TX"));
    }

    /** Writes the demo data (the items must not exist yet). */
    public void write() {
        rentals();
        documents();
        orders();
        teams();
    }

    /** Empties every adapter's table (a confirmed whole-table mass delete) and writes the demo data again. */
    public void reset() {
        adapters.values().forEach(adapter -> MassOperations.of(adapter).delete(MassScope.wholeTable(),
                MassOptions.defaults().confirmingUnscopedDelete()));
        write();
    }

    private void rentals() {
        rentals.insert(new State("TX", "Texas", null));
        rentals.insert(new State("CA", "California", null));
        rentals.insert(new State("NY", "New York", null));
        facility("TX", "Dallas", "Dallas", List.of(
                vehicle("1HGCM82633A004352", "Honda", "Accord", "54.00"),
                vehicle("2T1BURHE0JC043821", "Toyota", "Corolla", "42.00"),
                vehicle("5YJ3E1EA7KF317000", "Tesla", "Model 3", "89.00"),
                vehicle("JTDKBRFU9J3059320", "Toyota", "Prius", "47.00")));
        facility("TX", "Dallasville", "Dallasville", List.of(
                vehicle("1FTEW1EP5JFA12345", "Ford", "F-150", "75.00"),
                vehicle("4T1B11HK5JU509876", "Toyota", "Camry", "52.00")));
        facility("TX", "Houston", "Houston", List.of(
                vehicle("1G1ZD5ST8JF112233", "Chevrolet", "Malibu", "44.00"),
                vehicle("3VWC57BU9KM445566", "Volkswagen", "Jetta", "41.00"),
                vehicle("5TDJZRFH4JS778899", "Toyota", "Highlander", "81.00")));
        facility("CA", "San Francisco", "San Francisco", List.of(
                vehicle("5YJYGDEE1LF024680", "Tesla", "Model Y", "99.00"),
                vehicle("JHMFC1F39JX013579", "Honda", "Civic", "46.00")));
        facility("CA", "Los Angeles", "Los Angeles", List.of(
                vehicle("1N4AL3AP8JC135790", "Nissan", "Altima", "48.00"),
                vehicle("WBA8E9G51JNU24681", "BMW", "330i", "110.00"),
                vehicle("2HGFC2F59JH357913", "Honda", "Civic", "45.00")));
        facility("NY", "Brooklyn", "New York", List.of(
                vehicle("1C4RJFAG5JC246802", "Jeep", "Grand Cherokee", "92.00")));
    }

    private void facility(String state, String name, String city, List<Vehicle> vehicles) {
        rentals.insert(new Facility(state, name, city, vehicles.size(), null));
        vehicles.forEach(vehicle -> rentals.insert(new Vehicle(state, name, vehicle.vin(), vehicle.make(),
                vehicle.model(), vehicle.dailyRate(), null)));
    }

    private static Vehicle vehicle(String vin, String make, String model, String dailyRate) {
        return new Vehicle(null, null, vin, make, model, new BigDecimal(dailyRate), null);
    }

    private void documents() {
        String[] authors = {"Ada", "Grace", "Linus", "Margaret"};
        for (int n = 1; n <= 40; n++) {
            String id = String.format("doc-%03d", n);
            boolean queued = n % 8 == 3;
            documents.insert(new Document(id, "Design note " + n, authors[n % authors.length],
                    queued ? ReviewQueue.PENDING : null, queued ? START.plus(Duration.ofHours(n)) : null, null));
        }
    }

    private void orders() {
        List<Order> all = new ArrayList<>();
        String[] items = {"Tent", "Stove", "Lantern", "Sleeping bag", "Backpack", "Water filter", "Compass",
                "Headlamp"};
        OrderStatus[] statuses = {OrderStatus.OPEN, OrderStatus.SHIPPED, OrderStatus.OPEN, OrderStatus.SHIPPED,
                OrderStatus.CANCELLED, OrderStatus.OPEN, OrderStatus.SHIPPED, OrderStatus.SHIPPED};
        for (int n = 0; n < items.length; n++) {
            all.add(new Order("C-100", statuses[n], START.plus(Duration.ofDays(n)), items[n],
                    new BigDecimal(20 + 15 * n + ".00"), null));
        }
        for (int n = 0; n < 5; n++) {
            all.add(new Order("C-200", n % 2 == 0 ? OrderStatus.OPEN : OrderStatus.SHIPPED,
                    START.plus(Duration.ofDays(n).plusHours(5)), items[items.length - 1 - n],
                    new BigDecimal(30 + 10 * n + ".00"), null));
        }
        all.forEach(orders::insert);
    }

    private void teams() {
        for (String[] user : new String[][] {{"ada", "Ada Lovelace"}, {"grace", "Grace Hopper"},
                {"linus", "Linus Torvalds"}, {"margaret", "Margaret Hamilton"}}) {
            teams.insert(new GraphNode("user#" + user[0], user[1]));
        }
        for (String[] team : new String[][] {{"platform", "Platform"}, {"data", "Data"}, {"web", "Web"}}) {
            teams.insert(new GraphNode("team#" + team[0], team[1]));
        }
        member("ada", "platform", "lead", 0);
        member("ada", "data", "member", 3);
        member("grace", "platform", "member", 1);
        member("grace", "web", "lead", 2);
        member("linus", "platform", "member", 4);
        member("margaret", "data", "lead", 5);
        member("margaret", "web", "member", 6);
    }

    private void member(String user, String team, String role, int day) {
        teams.insert(new TeamMembership("user#" + user, "team#" + team, role, START.plus(Duration.ofDays(day))));
    }
}
