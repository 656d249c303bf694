package io.dynamodbtoolkit.springdata.rentals;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.test.TableSpec;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * The recipe's car-rental hierarchy (state > facility > vehicle) with the Dallas / Dallasville sibling trap, a
 * per-tier sparse marker index of facilities and an index of vehicles by make. The declaration is made without an
 * entity class (documents), as YAML configuration would; repositories map it to their own types.
 */
public final class Rentals {

    /** The adapter name repositories bind to. */
    public static final String ADAPTER = "rentals";

    /** The key design. */
    public static final KeyModel KEYS = KeyModel.builder()
            .keyFields("state", "facility", "vin")
            .structuralKey("_sk")
            .technicalPrefix("_")
            .typeLabels("state", "facility", "vehicle")
            .typeField("kind")
            .versionField("_version")
            .build();

    /** The table, with its indexes. */
    public static final TableSpec TABLE = TableSpec.named("rentals")
            .partitionKey("state", ScalarAttributeType.S)
            .sortKey("_sk", ScalarAttributeType.S)
            .globalIndex("all-facilities", "_facilityMarker", ScalarAttributeType.S, "_sk", ScalarAttributeType.S,
                    ProjectionType.KEYS_ONLY)
            .globalIndex("by-make", "make", ScalarAttributeType.S, "dailyRate", ScalarAttributeType.N,
                    ProjectionType.ALL);

    private Rentals() {
    }

    /** @return the adapter declaration of a table */
    public static AdapterDeclaration<Map<String, Object>> declaration(String table) {
        return builder(table).build();
    }

    /** @return the adapter declaration of a table, to declare more before building it */
    public static AdapterDeclaration.Builder<Map<String, Object>> builder(String table) {
        return AdapterDeclaration.builder(ItemMapper.documents()).name(ADAPTER).table(table).keys(KEYS)
                .cascades(true)
                .indexes(IndexDeclaration.global("all-facilities").partition(MarkerKeyPart.of("_facilityMarker", "Y"))
                                .sortKey("_sk").membership(Membership.types("facility"))
                                .projection(IndexProjection.KEYS_ONLY).build(),
                        IndexDeclaration.global("by-make").partitionKey("make")
                                .sortKey("dailyRate", ScalarAttributeType.N).build());
    }

    /**
     * @return the rows of {@link #rows()} in reverse, each row before its parent: the order to delete them one by one
     *         in (a single delete of a row with rows under it is refused under the parent guard)
     */
    public static List<RentalRow> rowsLeavesFirst() {
        List<RentalRow> reversed = new ArrayList<>(rows());
        Collections.reverse(reversed);
        return reversed;
    }

    /** @return TX with Dallas (3 vehicles), Dallasville (2) and Austin (1); OK with Tulsa (1) */
    public static List<RentalRow> rows() {
        return List.of(
                new State("TX", "Texas", null),
                new Facility("TX", "Dallas", "Dallas", null, null),
                Vehicle.of("TX", "Dallas", "1HGC0001", "Honda", Vehicle.Color.WHITE, "49.90"),
                Vehicle.of("TX", "Dallas", "1HGC0002", "Honda", Vehicle.Color.BLACK, "52.00"),
                Vehicle.of("TX", "Dallas", "5YJ30003", "Tesla", Vehicle.Color.RED, "89.00"),
                new Facility("TX", "Dallasville", "Dallasville", null, null),
                Vehicle.of("TX", "Dallasville", "JT0004", "Toyota", Vehicle.Color.WHITE, "39.00"),
                Vehicle.of("TX", "Dallasville", "JT0005", "Toyota", Vehicle.Color.BLUE, "41.00"),
                new Facility("TX", "Austin", "Austin", null, null),
                Vehicle.of("TX", "Austin", "WBA0006", "BMW", Vehicle.Color.BLACK, "95.00"),
                new State("OK", "Oklahoma", null),
                new Facility("OK", "Tulsa", "Tulsa", null, null),
                Vehicle.of("OK", "Tulsa", "1FT0007", "Ford", Vehicle.Color.RED, "45.00"));
    }
}
