package io.dynamodbtoolkit.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.key.SubtreeQuery;
import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * The adapters' list cursors are encrypted by default with the configured secret: a client reading a cursor (the
 * base64url it is made of) learns nothing of the keys it holds; {@code dynamodb.toolkit.cursor.encrypted=false} makes
 * them signed only.
 */
@DynamoDbTest
class CursorEncryptionIT {

    private static final String RENTALS = "dynamodb.toolkit.adapters.rentals";

    private static ApplicationContextRunner rentals(String table) {
        return ToolkitRunners.toolkit().withPropertyValues(RENTALS + ".table=" + table,
                RENTALS + ".key-fields=state,facility,vin", RENTALS + ".structural-key=_sk",
                "dynamodb.toolkit.provisioning=create");
    }

    @Test
    void cursorsAreEncryptedByDefault(TestTables tables) {
        rentals(tables.uniqueName("rentals")).run(context -> {
            String cursor = secondPageCursor(context);

            assertThat(cursor).matches("[A-Za-z0-9_-]+");
            assertThat(decoded(cursor)).doesNotContain("Dallas").doesNotContain("1HGC").doesNotContain("_sk");
        });
    }

    @Test
    void signedCursorsOnlyWhenAskedFor(TestTables tables) {
        rentals(tables.uniqueName("rentals")).withPropertyValues("dynamodb.toolkit.cursor.encrypted=false")
                .run(context -> assertThat(decoded(secondPageCursor(context))).contains("TX|Dallas|1HGC001"));
    }

    private static String secondPageCursor(AssertableApplicationContext context) {
        @SuppressWarnings("unchecked")
        Adapter<Map<String, Object>> rentals = context.getBean("rentals", Adapter.class);
        for (String vin : new String[] {"1HGC001", "1HGC002", "1HGC003"}) {
            rentals.post(Map.of("state", "TX", "facility", "Dallas", "vin", vin));
        }
        SubtreeQuery dallas = SubtreeQuery.children(KeyValues.of("state", "TX", "facility", "Dallas"));
        ItemPage<Map<String, Object>> first = rentals.list(dallas, ListOptions.defaults().withLimit(1));
        ItemPage<Map<String, Object>> second = rentals.list(dallas, ListOptions.defaults().withLimit(1)
                .withCursor(first.nextCursor()));
        assertThat(second.items()).extracting(item -> item.get("vin")).containsExactly("1HGC002");
        return first.nextCursor();
    }

    private static String decoded(String cursor) {
        return new String(Base64.getUrlDecoder().decode(cursor), StandardCharsets.ISO_8859_1);
    }
}
