package io.dynamodbtoolkit.springdata.stores;

import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.key.KeyModel;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** The stores table: a plain key and the native multi-attribute index {@code by-location}. */
public final class Stores {

    /** The adapter name repositories bind to. */
    public static final String ADAPTER = "stores";

    private Stores() {
    }

    /** @return the declaration of a stores table */
    public static AdapterDeclaration<Map<String, Object>> declaration(String table) {
        return AdapterDeclaration.builder(ItemMapper.documents()).name(ADAPTER).table(table)
                .keys(KeyModel.builder().keyFields("storeId").build())
                .indexes(IndexDeclaration.global("by-location")
                        .partitionAttributes(KeyAttribute.of("country", ScalarAttributeType.S),
                                KeyAttribute.of("region", ScalarAttributeType.S))
                        .sortAttributes(KeyAttribute.of("city", ScalarAttributeType.S),
                                KeyAttribute.of("size", ScalarAttributeType.N)).build())
                .build();
    }

    /** @return TX stores in Austin (3 sizes), Dallas, Dalhart; one CA store in Austin; one TX store without a city */
    public static List<Store> rows() {
        return List.of(
                new Store("s1", "US", "TX", "Austin", 100),
                new Store("s2", "US", "TX", "Austin", 300),
                new Store("s3", "US", "TX", "Dallas", 200),
                new Store("s4", "US", "CA", "Austin", 50),
                new Store("s5", "US", "TX", null, 10),
                new Store("s6", "US", "TX", "Austin", 200),
                new Store("s7", "US", "TX", "Dalhart", 20));
    }
}
