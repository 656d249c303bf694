package io.dynamodbtoolkit.springdata;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.springdata.rentals.RentalRow;
import io.dynamodbtoolkit.springdata.rentals.Rentals;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;
import io.dynamodbtoolkit.springdata.repository.config.EnableDynamoDbToolkitRepositories;
import io.dynamodbtoolkit.test.DynamoDbTest;
import org.junit.jupiter.api.Test;
import org.springframework.context.annotation.ComponentScan.Filter;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.FilterType;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/**
 * Every field name an adapter's declaration reads from its items (index key sides, shard-by fields, the fields a
 * membership predicate reads, the type discriminator) must be a field of its key design or a stored property of the
 * entities of the repositories bound to it; a dangling one fails start-up with the nearest valid name, instead of an
 * index that stays empty or a shard that never changes.
 */
@DynamoDbTest
class DeclaredFieldsIT {

    /** The rentals rows, bound to the adapter under test. */
    @AdapterName(Rentals.ADAPTER)
    interface RentalRows extends HierarchicalRepository<RentalRow> {
    }

    @Configuration
    @EnableDynamoDbToolkitRepositories(basePackageClasses = DeclaredFieldsIT.class, considerNestedRepositories = true,
            includeFilters = @Filter(type = FilterType.ASSIGNABLE_TYPE, classes = RentalRows.class))
    static class RentalRowsConfiguration {
    }

    @Test
    void aShardByFieldNoEntityHolds(DynamoDbClient client) {
        assertStartUpFails(client, IndexDeclaration.global("all-vehicles")
                .partition(MarkerKeyPart.sharded("_vehicleMarker", "Y", 4, List.of("vni"))).sortKey("vin")
                .membership(Membership.types("vehicle")).build(),
                "indexes.all-vehicles.pk.shardBy[0]", "'vni' names no field of adapter 'rentals'", "did you mean 'vin'?");
    }

    @Test
    void anIndexKeyAttributeNoEntityHolds(DynamoDbClient client) {
        assertStartUpFails(client, IndexDeclaration.global("by-rate").partitionKey("make")
                .sortKey("dailyRat", ScalarAttributeType.N).build(),
                "indexes.by-rate.sk", "'dailyRat' names no field", "did you mean 'dailyRate'?");
    }

    @Test
    void aFieldAMembershipPredicateReads(DynamoDbClient client) {
        assertStartUpFails(client, IndexDeclaration.global("by-colour").partitionKey("color")
                .membership(Membership.onlyWhen(Set.of("colour"), item -> true)).build(),
                "indexes.by-colour.membership.bean", "'colour' (a field the membership predicate reads) names no "
                        + "field", "did you mean 'color'?");
    }

    @Test
    void aFieldFarFromAnyListsTheFields(DynamoDbClient client) {
        assertStartUpFails(client, IndexDeclaration.global("by-owner").partitionKey("ownerId").build(),
                "indexes.by-owner.pk", "'ownerId' names no field", "name one of [_sk, _version, city, color,");
    }

    @Test
    void fieldsOfTheKeyDesignAndOfTheEntitiesPass(DynamoDbClient client) {
        AdapterDeclaration<Map<String, Object>> declaration = declaration(IndexDeclaration.global("by-make")
                .partitionKey("make").sortKey("dailyRate", ScalarAttributeType.N).build(), IndexDeclaration
                .global("by-kind").partitionKey("kind").sortKey("_sk").build());
        try (AnnotationConfigApplicationContext context = SpringContexts.start(client, RentalRowsConfiguration.class,
                beans -> beans.registerBean("rentalsDeclaration", AdapterDeclaration.class, () -> declaration))) {
            assertThat(context.getBeansOfType(RentalRows.class)).as("the repository whose entities' fields were "
                    + "checked against the declaration").hasSize(1);
        }
    }

    private static void assertStartUpFails(DynamoDbClient client, IndexDeclaration index, String property,
            String problem, String fix) {
        AdapterDeclaration<Map<String, Object>> declaration = declaration(index);
        assertThatThrownBy(() -> SpringContexts.start(client, RentalRowsConfiguration.class, beans ->
                beans.registerBean("rentalsDeclaration", AdapterDeclaration.class, () -> declaration)).close())
                .isInstanceOfSatisfying(DeclarationException.class, error -> {
                    assertThat(error.property()).isEqualTo(property);
                    assertThat(error.problem()).contains(problem).contains("entities of its repositories [Facility, "
                            + "State, Vehicle]");
                    assertThat(error.fix()).contains(fix);
                });
    }

    private static AdapterDeclaration<Map<String, Object>> declaration(IndexDeclaration... indexes) {
        KeyModel keys = Rentals.KEYS;
        return AdapterDeclaration.builder(ItemMapper.documents()).name(Rentals.ADAPTER).table("rentals").keys(keys)
                .indexes(indexes).build();
    }
}
