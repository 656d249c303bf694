package io.dynamodbtoolkit.springdata.mapping;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.key.InvalidKeyException;
import io.dynamodbtoolkit.key.KeyModel;
import org.junit.jupiter.api.Test;
import org.springframework.data.annotation.Id;
import org.springframework.data.annotation.TypeAlias;
import org.springframework.data.annotation.Version;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/** The item mapper's key-design duties: @Id and key classes, @Version, tier classes, tier checks. */
class EntityItemMapperTest {

    private static final KeyModel DOCUMENTS = KeyModel.builder().keyFields("docId").build();
    private static final KeyModel VEHICLES = KeyModel.builder().keyFields("state", "facility", "vin")
            .structuralKey("_sk").technicalPrefix("_").versionField("_version").build();
    private static final KeyModel TIERS = KeyModel.builder().keyFields("state", "facility")
            .structuralKey("_sk").typeLabels("state", "facility").build();

    record Doc(@Id String id, String title) {
    }

    record VehicleKey(String state, String facility, String vin) {
    }

    record KeyedVehicle(@Id VehicleKey key, String make, @Version Long version) {
    }

    record Unkeyed(@Id String id, String make) {
    }

    sealed interface Place permits Region, Site {
    }

    @TypeAlias("state")
    record Region(String state, String name) implements Place {
    }

    @TypeAlias("facility")
    record Site(String state, String facility) implements Place {
    }

    sealed interface Misnamed permits Wrong {
    }

    @TypeAlias("facilty")
    record Wrong(String state, String facility) implements Misnamed {
    }

    sealed interface Incomplete permits OnlySite {
    }

    @TypeAlias("facility")
    record OnlySite(String state, String facility) implements Incomplete {
    }

    private final MappingDynamoDbConverter converter = new MappingDynamoDbConverter(new DynamoDbMappingContext());

    @Test
    void aSimpleIdIsTheSingleKeyField() {
        EntityItemMapper<Doc> mapper = EntityItemMapper.of(Doc.class, DOCUMENTS, converter);

        Map<String, AttributeValue> item = mapper.toAttributes(new Doc("d1", "Hello"), true);

        assertThat(item).containsOnlyKeys("docId", "title").containsEntry("docId", AttributeValue.fromS("d1"));
        assertThat(mapper.fromAttributes(item)).isEqualTo(new Doc("d1", "Hello"));
    }

    @Test
    void aKeyClassIsUnwrappedIntoTheKeyFieldsAndTheVersionIsTheManagedField() {
        EntityItemMapper<KeyedVehicle> mapper = EntityItemMapper.of(KeyedVehicle.class, VEHICLES, converter);
        KeyedVehicle vehicle = new KeyedVehicle(new VehicleKey("TX", "Dallas", "1HGC"), "Honda", 3L);

        Map<String, AttributeValue> item = mapper.toAttributes(vehicle, true);

        assertThat(item).containsOnlyKeys("state", "facility", "vin", "make", "_version")
                .containsEntry("_version", AttributeValue.fromN("3"));
        assertThat(mapper.fromAttributes(item)).isEqualTo(vehicle);
        assertThat(VEHICLES.codec().keyValuesFromItem(item).size()).isEqualTo(3);
    }

    @Test
    void aSimpleIdOnACompositeKeyIsADeclarationError() {
        assertThatThrownBy(() -> EntityItemMapper.of(Unkeyed.class, VEHICLES, converter))
                .isInstanceOf(DeclarationException.class).hasMessageContaining("Unkeyed.id")
                .hasMessageContaining("key class");
    }

    @Test
    void rowsAreReadAsTheirTierClassAndWrittenOnlyAtTheirTier() {
        EntityItemMapper<Place> mapper = EntityItemMapper.of(Place.class, TIERS, converter);
        Map<String, AttributeValue> site = new LinkedHashMap<>(Map.of("state", AttributeValue.fromS("TX"),
                "facility", AttributeValue.fromS("Dallas")));

        assertThat(mapper.fromAttributes(site)).isEqualTo(new Site("TX", "Dallas"));
        assertThat(mapper.fromAttributes(Map.of("state", AttributeValue.fromS("TX")))).isInstanceOf(Region.class);
        assertThatThrownBy(() -> mapper.toAttributes(new Site("TX", null), true))
                .isInstanceOf(InvalidKeyException.class).hasMessageContaining("'facility' row")
                .hasMessageContaining("'state' row");
    }

    @Test
    void tierLabelsAreCheckedAgainstTheKeyDesign() {
        assertThatThrownBy(() -> EntityItemMapper.of(Misnamed.class, TIERS, converter))
                .isInstanceOf(DeclarationException.class).hasMessageContaining("'facilty' is not a type label")
                .hasMessageContaining("[state, facility]");
        assertThatThrownBy(() -> EntityItemMapper.of(Incomplete.class, TIERS, converter))
                .isInstanceOf(DeclarationException.class).hasMessageContaining("tiers [state] have no class");
    }
}
