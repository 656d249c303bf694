package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Map;
import java.util.Set;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.filter.FieldType;
import io.dynamodbtoolkit.filter.FilterOperator;
import io.dynamodbtoolkit.expression.KeyAttribute;
import io.dynamodbtoolkit.index.AttributeKeyPart;
import io.dynamodbtoolkit.index.CompositeKeyPart;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.IndexProjection;
import io.dynamodbtoolkit.index.IndexType;
import io.dynamodbtoolkit.index.MarkerKeyPart;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.index.MultiAttributeKeyPart;
import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyModel;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.ResolvableType;
import software.amazon.awssdk.services.dynamodb.model.ProjectionType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

/** Every property shape of an adapter, in YAML and in properties-file form, and the declaration it becomes. */
class AdapterPropertiesBindingIT {

    private final ApplicationContextRunner runner = ToolkitRunners.toolkit();

    @Test
    void theIssueExampleBecomesAnAdapterBeanNamedAfterIt() {
        runner.withInitializer(ToolkitRunners.yaml("adapters/rentals.yml")).run(context -> {
            assertThat(context).hasNotFailed().hasBean("rentals");
            assertThat(context.getBeanNamesForType(ResolvableType.forClassWithGenerics(Adapter.class,
                    ResolvableType.forClassWithGenerics(Map.class, String.class, Object.class))))
                    .containsExactly("rentals");
            AdapterDeclaration<?> rentals = declaration(context, "rentals");
            assertThat(rentals.table()).isEqualTo("rentals");
            KeyModel keys = rentals.keys();
            assertThat(keys.keyFields()).containsExactly(KeyField.string("state"), KeyField.string("facility"),
                    KeyField.string("vin"));
            assertThat(keys.structuralKey()).hasValueSatisfying(key -> {
                assertThat(key.attributeName()).isEqualTo("_sk");
                assertThat(key.separator()).isEqualTo("|");
            });
            assertThat(keys.technicalPrefix()).hasValue("_");
            assertThat(keys.typeLabels()).containsExactly("state", "facility", "vehicle");
            assertThat(keys.typeField()).hasValue("kind");
            IndexDeclaration review = rentals.indexes().get("needs-review");
            assertThat(review.type()).isEqualTo(IndexType.GLOBAL);
            assertThat(review.partition()).isEqualTo(new AttributeKeyPart("reviewFlag", ScalarAttributeType.S));
            assertThat(review.sort()).isEqualTo(new AttributeKeyPart("submittedAt", ScalarAttributeType.S));
            assertThat(review.projection()).isEqualTo(IndexProjection.KEYS_ONLY);
            assertThat(review.membership()).isEqualTo(Membership.ALL);
            assertThat(rentals.cascades()).isFalse();
            assertThat(rentals.ttlAttribute()).isEmpty();
        });
    }

    @Test
    void everyDeclarationFeatureIsReachableFromYaml() {
        Membership openOnly = Membership.onlyWhen(Set.of("status"), item -> item.containsKey("status"));
        runner.withInitializer(ToolkitRunners.yaml("adapters/every-feature.yml"))
                .withBean("openOnly", Membership.class, () -> openOnly).run(context -> {
                    assertThat(context).hasNotFailed().hasBean("fleet").hasBean("plain");
                    AdapterDeclaration<?> fleet = declaration(context, "fleet");
                    assertThat(fleet.name()).isEqualTo("fleet");
                    assertThat(fleet.table()).isEqualTo("test-vehicles");
                    KeyModel keys = fleet.keys();
                    assertThat(keys.keyFields()).containsExactly(KeyField.string("region"),
                            KeyField.number("depot", 4), KeyField.binary("serial"));
                    assertThat(keys.structuralKey()).hasValueSatisfying(key -> {
                        assertThat(key.attributeName()).isEqualTo("_path");
                        assertThat(key.separator()).isEqualTo("#");
                    });
                    assertThat(keys.typeDiscriminator()).hasValue("subtype");
                    assertThat(keys.versionField()).hasValue("_version");
                    assertThat(keys.createdAtField()).hasValue("_createdAt");
                    assertThat(fleet.cascades()).isTrue();
                    assertThat(fleet.ttlAttribute()).hasValue("expiresAt");
                    assertThat(fleet.search().fields()).containsExactly("model", "status");
                    assertThat(fleet.search().attributes()).containsExactly("_search-model", "_search-status");

                    assertThat(fleet.filters().rule("status")).hasValueSatisfying(rule -> {
                        assertThat(rule.type()).isEqualTo(FieldType.STRING);
                        assertThat(rule.operators()).isEqualTo(FieldType.STRING.applicableOperators());
                    });
                    assertThat(fleet.filters().rule("mileage")).hasValueSatisfying(rule -> assertThat(
                            rule.operators()).containsExactlyInAnyOrder(FilterOperator.LT, FilterOperator.GT,
                                    FilterOperator.BTW));
                    assertThat(fleet.filters().rule("city")).hasValueSatisfying(rule -> assertThat(
                            rule.attribute().toString()).isEqualTo("address.city"));

                    IndexDeclaration byStatus = fleet.indexes().get("by-status");
                    assertThat(byStatus.partition()).isEqualTo(new AttributeKeyPart("status", ScalarAttributeType.S));
                    assertThat(byStatus.sort()).isInstanceOfSatisfying(CompositeKeyPart.class, composite -> {
                        assertThat(composite.key().attributeName()).isEqualTo("_statusAt");
                        assertThat(composite.key().components()).containsExactly(KeyField.string("status"),
                                KeyField.number("updatedAt", 13));
                        assertThat(composite.key().separator()).isEqualTo("#");
                    });
                    assertThat(byStatus.projection()).isEqualTo(new IndexProjection(ProjectionType.INCLUDE,
                            List.of("mileage", "city")));

                    IndexDeclaration byOwner = fleet.indexes().get("by-owner");
                    assertThat(byOwner.partition()).isEqualTo(new MultiAttributeKeyPart(List.of(
                            KeyAttribute.of("tenant", ScalarAttributeType.S),
                            KeyAttribute.of("ownerId", ScalarAttributeType.N))));
                    assertThat(byOwner.sort()).isEqualTo(new MultiAttributeKeyPart(List.of(
                            KeyAttribute.of("model", ScalarAttributeType.S),
                            KeyAttribute.of("year", ScalarAttributeType.S))));
                    assertThat(byOwner.projection()).isEqualTo(IndexProjection.KEYS_ONLY);

                    IndexDeclaration allRegions = fleet.indexes().get("all-regions");
                    assertThat(allRegions.partition()).isEqualTo(MarkerKeyPart.of("_regionMarker", "Y"));
                    assertThat(allRegions.membership()).isEqualTo(Membership.types("region"));
                    assertThat(allRegions.isSparse()).isTrue();

                    IndexDeclaration allVehicles = fleet.indexes().get("all-vehicles");
                    assertThat(allVehicles.partition()).isEqualTo(MarkerKeyPart.sharded("_vehicleMarker", "V", 16,
                            List.of("region", "depot", "serial")));
                    assertThat(allVehicles.sort()).isEqualTo(new AttributeKeyPart("updatedAt",
                            ScalarAttributeType.N));
                    assertThat(allVehicles.membership()).isEqualTo(Membership.types("vehicle"));

                    IndexDeclaration byPrice = fleet.indexes().get("by-price");
                    assertThat(byPrice.type()).isEqualTo(IndexType.LOCAL);
                    assertThat(byPrice.partition()).isNull();
                    assertThat(byPrice.sort()).isEqualTo(new AttributeKeyPart("price", ScalarAttributeType.N));
                    assertThat(byPrice.projection()).isEqualTo(IndexProjection.include("model"));

                    assertThat(fleet.indexes().get("open-orders").membership()).isSameAs(openOnly);

                    AdapterDeclaration<?> plain = declaration(context, "plain");
                    assertThat(plain.table()).isEqualTo("test-plain");
                    assertThat(plain.keys().isHierarchical()).isFalse();
                    assertThat(plain.keys().keyFields()).containsExactly(KeyField.string("orderId"));
                    assertThat(plain.search().isEmpty()).isTrue();
                });
    }

    @Test
    void propertiesFilesUseCommaListsAndIndexedEntries() {
        runner.withPropertyValues(
                "dynamodb.toolkit.adapters.orders.key-fields[0]=customer",
                "dynamodb.toolkit.adapters.orders.key-fields[1].name=orderNo",
                "dynamodb.toolkit.adapters.orders.key-fields[1].type=number",
                "dynamodb.toolkit.adapters.events.key-fields=device, day ,seq",
                "dynamodb.toolkit.adapters.events.structural-key=_sk",
                "dynamodb.toolkit.adapters.events.type-labels=device,day,event",
                "dynamodb.toolkit.adapters.orders.indices.by-status.pk=status",
                "dynamodb.toolkit.adapters.orders.indices.by-status.sk.attribute=total",
                "dynamodb.toolkit.adapters.orders.indices.by-status.sk.type=number",
                "dynamodb.toolkit.adapters.orders.indices.by-status.projection=keys_only",
                "dynamodb.toolkit.adapters.orders.filters.status=string",
                "dynamodb.toolkit.adapters.orders.filters.total.type=number",
                "dynamodb.toolkit.adapters.orders.filters.total.operators=lt,ge").run(context -> {
                    assertThat(context).hasNotFailed();
                    AdapterDeclaration<?> events = declaration(context, "events");
                    assertThat(events.keys().keyFields()).extracting(KeyField::name)
                            .containsExactly("device", "day", "seq");
                    assertThat(events.keys().structuralKey()).hasValueSatisfying(
                            key -> assertThat(key.attributeName()).isEqualTo("_sk"));
                    assertThat(events.keys().typeLabels()).containsExactly("device", "day", "event");
                    AdapterDeclaration<?> orders = declaration(context, "orders");
                    assertThat(orders.keys().keyFields()).containsExactly(KeyField.string("customer"),
                            KeyField.number("orderNo"));
                    assertThat(orders.keys().sortKeyName()).hasValue("orderNo");
                    IndexDeclaration byStatus = orders.indexes().get("by-status");
                    assertThat(byStatus.partition()).isEqualTo(new AttributeKeyPart("status", ScalarAttributeType.S));
                    assertThat(byStatus.sort()).isEqualTo(new AttributeKeyPart("total", ScalarAttributeType.N));
                    assertThat(byStatus.projection()).isEqualTo(IndexProjection.KEYS_ONLY);
                    assertThat(orders.filters().rule("status")).hasValueSatisfying(
                            rule -> assertThat(rule.type()).isEqualTo(FieldType.STRING));
                    assertThat(orders.filters().rule("total")).hasValueSatisfying(rule -> {
                        assertThat(rule.type()).isEqualTo(FieldType.NUMBER);
                        assertThat(rule.operators()).containsExactlyInAnyOrder(FilterOperator.LT, FilterOperator.GE);
                    });
                });
    }

    private static AdapterDeclaration<?> declaration(AssertableApplicationContext context, String name) {
        return context.getBean(name, Adapter.class).declaration();
    }
}
