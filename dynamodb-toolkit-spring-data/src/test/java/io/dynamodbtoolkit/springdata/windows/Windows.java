package io.dynamodbtoolkit.springdata.windows;

import java.util.Map;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;

/** Key designs with a fixed-width tier to take time windows and ranges on. */
public final class Windows {

    private Windows() {
    }

    /** @return depot > at (an Instant) > parcel */
    public static AdapterDeclaration<Map<String, Object>> deliveries(String table) {
        return declaration("deliveries", table, KeyModel.builder().keyFields("depot", "at", "parcel"));
    }

    /** @return site > day (a LocalDate) > start (a LocalDateTime) */
    public static AdapterDeclaration<Map<String, Object>> shifts(String table) {
        return declaration("shifts", table, KeyModel.builder().keyFields("site", "day", "start"));
    }

    /** @return branch > code (four characters) > book */
    public static AdapterDeclaration<Map<String, Object>> shelves(String table) {
        return declaration("shelves", table, KeyModel.builder().keyFields(KeyField.string("branch"),
                KeyField.string("code", 4), KeyField.string("book")));
    }

    private static AdapterDeclaration<Map<String, Object>> declaration(String name, String table,
            KeyModel.Builder keys) {
        return AdapterDeclaration.builder(ItemMapper.documents()).name(name).table(table)
                .keys(keys.structuralKey("_sk").technicalPrefix("_").build()).build();
    }
}
