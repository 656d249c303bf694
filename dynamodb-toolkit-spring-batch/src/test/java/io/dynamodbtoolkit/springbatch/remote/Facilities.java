package io.dynamodbtoolkit.springbatch.remote;

import java.util.Map;

import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.key.KeyModel;

/** The backfill test's table: state > facility, and a sparse index of the facilities by a marker. */
final class Facilities {

    static final String INDEX = "all-facilities";
    static final String MARKER = "_facilityMarker";

    private Facilities() {
    }

    static AdapterDeclaration<Map<String, Object>> declaration(String table) {
        return AdapterDeclaration.builder(ItemMapper.documents()).table(table)
                .keys(KeyModel.builder().keyFields("state", "facility").structuralKey("_sk")
                        .technicalPrefix("_").typeLabels("state", "facility").typeField("kind").build())
                .indexes(IndexDeclaration.global(INDEX).partition(MarkerKeyPart.of(MARKER, "Y"))
                        .sortKey("_sk").projection(IndexProjection.KEYS_ONLY)
                        .membership(Membership.types("facility")).build())
                .build();
    }
}
