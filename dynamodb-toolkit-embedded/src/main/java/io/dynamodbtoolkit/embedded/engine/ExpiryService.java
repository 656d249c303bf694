package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.model.AttributeValue;
import io.dynamodbtoolkit.embedded.model.AttributeValue.NumberValue;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Time to live: removes items whose TTL attribute is a number of epoch seconds in the past (as DynamoDB does,
 * values more than five years in the past are ignored). DynamoDB removes expired items within days; here they go
 * at the next sweep.
 */
final class ExpiryService {

    private static final Duration IGNORED_AFTER = Duration.ofDays(5 * 365);

    private final Catalog catalog;

    ExpiryService(Catalog catalog) {
        this.catalog = catalog;
    }

    /** Deletes every expired item of every table with TTL enabled; returns how many were deleted. */
    int sweep() {
        return catalog.write(() -> {
            Instant now = catalog.clock().instant();
            BigDecimal nowSeconds = BigDecimal.valueOf(now.getEpochSecond());
            BigDecimal oldest = BigDecimal.valueOf(now.minus(IGNORED_AFTER).getEpochSecond());
            int deleted = 0;
            for (Table table : catalog.tables().values()) {
                TimeToLive ttl = table.timeToLive();
                if (!ttl.enabled()) {
                    continue;
                }
                List<StoredItem> expired = new ArrayList<>();
                for (TreeMap<KeyTuple, StoredItem> partition : table.items().partitions().values()) {
                    for (StoredItem item : partition.values()) {
                        AttributeValue value = item.attributes().get(ttl.attributeName());
                        if (value instanceof NumberValue number && number.value().compareTo(nowSeconds) < 0
                                && number.value().compareTo(oldest) >= 0) {
                            expired.add(item);
                        }
                    }
                }
                for (StoredItem item : expired) {
                    Map<String, AttributeValue> attributes = item.attributes();
                    table.write(table.positionOf(attributes), item, null, true);
                }
                deleted += expired.size();
            }
            return deleted;
        });
    }
}
