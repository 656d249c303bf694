package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Set;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.ItemMapper;
import io.dynamodbtoolkit.boot.autoconfigure.FailureAnalyses;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import io.dynamodbtoolkit.index.IndexDeclaration;
import io.dynamodbtoolkit.index.Membership;
import io.dynamodbtoolkit.key.KeyModel;
import org.junit.jupiter.api.Test;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Every kind of declaration error fails start-up with a FAILED TO START report that names the adapter, the
 * configuration property at fault, the problem (Description) and the fix (Action).
 */
class DeclarationFailureAnalysisIT {

    private static final String RENTALS = "dynamodb.toolkit.adapters.rentals";

    private final ApplicationContextRunner runner = ToolkitRunners.toolkit().withPropertyValues(
            RENTALS + ".key-fields=state,facility,vin", RENTALS + ".structural-key=_sk",
            RENTALS + ".technical-prefix=_");

    @Test
    void aNumberKeyFieldWithoutWidthInTheStructuralKey() {
        ToolkitRunners.toolkit().withPropertyValues(RENTALS + ".key-fields[0]=state",
                RENTALS + ".key-fields[1].name=depot", RENTALS + ".key-fields[1].type=number",
                RENTALS + ".key-fields[2]=vin", RENTALS + ".structural-key=_sk").run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription())
                            .contains("The DynamoDB toolkit adapter 'rentals' is declared in a way that cannot work.")
                            .contains("Property: " + RENTALS + ".key-fields[1].width")
                            .contains("number field 'depot' is part of the structural key but has no width");
                    assertThat(analysis.getAction()).startsWith("Declare a width")
                            .contains("(set " + RENTALS + ".key-fields[1].width in the application's configuration)");
                });
    }

    @Test
    void noKeyFields() {
        ToolkitRunners.toolkit().withPropertyValues("dynamodb.toolkit.adapters.empty.table=empty").run(context -> {
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription()).contains("adapter 'empty'")
                    .contains("Property: dynamodb.toolkit.adapters.empty.key-fields")
                    .contains("no key fields are declared");
            assertThat(analysis.getAction()).startsWith("Declare at least the partition key field");
        });
    }

    @Test
    void typeLabelsThatArePrefixesOfEachOther() {
        runner.withPropertyValues(RENTALS + ".type-labels=car,carpark,vehicle").run(context -> {
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".type-labels[0]")
                    .contains("label 'car' is a prefix of label 'carpark'");
            assertThat(analysis.getAction()).contains("Choose labels none of which starts with another");
        });
    }

    @Test
    void aVersionFieldWithoutTechnicalPrefix() {
        ToolkitRunners.toolkit().withPropertyValues("dynamodb.toolkit.adapters.docs.key-fields=id",
                "dynamodb.toolkit.adapters.docs.version-field=version").run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription())
                            .contains("Property: dynamodb.toolkit.adapters.docs.version-field")
                            .contains("without a technicalPrefix");
                });
    }

    @Test
    void cascadesWithoutATechnicalPrefixForTheParentGuardsMark() {
        ToolkitRunners.toolkit().withPropertyValues(RENTALS + ".key-fields=state,facility,vin",
                RENTALS + ".structural-key=sk", RENTALS + ".cascades=true").run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".parent-guard")
                            .contains("no technicalPrefix is declared");
                    assertThat(analysis.getAction()).contains("set parentGuard to false");
                });
        ToolkitRunners.toolkit().withPropertyValues(RENTALS + ".key-fields=state,facility,vin",
                RENTALS + ".structural-key=sk", RENTALS + ".cascades=true", RENTALS + ".parent-guard=false")
                .run(context -> assertThat(context.getBean("rentals", Adapter.class).declaration().parentGuard())
                        .isFalse());
        runner.withPropertyValues(RENTALS + ".cascades=true").run(context -> assertThat(
                context.getBean("rentals", Adapter.class).declaration().parentGuard()).isTrue());
    }

    @Test
    void searchableFieldsWithoutATechnicalPrefixForTheirMirrors() {
        ToolkitRunners.toolkit().withPropertyValues("dynamodb.toolkit.adapters.docs.key-fields=id",
                "dynamodb.toolkit.adapters.docs.searchable=title,author").run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription())
                            .contains("Property: dynamodb.toolkit.adapters.docs.searchable")
                            .contains("searchable fields [title, author] are mirrored lower-cased")
                            .contains("no technicalPrefix is declared");
                    assertThat(analysis.getAction()).contains("Declare technicalPrefix").contains("drop searchable");
                });
        runner.withPropertyValues(RENTALS + ".searchable=make,_sk").run(context -> {
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".searchable")
                    .contains("'_sk' starts with the technical prefix");
        });
    }

    @Test
    void anEmptyIndexKeySide() {
        runner.withPropertyValues(RENTALS + ".indices.by-x.pk.type=number").run(context -> {
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".indices.by-x.pk")
                    .contains("the key side is empty");
            assertThat(analysis.getAction()).contains("Give exactly one of attribute");
        });
    }

    @Test
    void anIndexKeySideInTwoForms() {
        runner.withPropertyValues(RENTALS + ".indices.by-x.pk.attribute=status",
                RENTALS + ".indices.by-x.pk.marker=_m").run(context -> {
                    assertThat(FailureAnalyses.of(context).getDescription())
                            .contains("Property: " + RENTALS + ".indices.by-x.pk")
                            .contains("declared in several forms at once: attribute, marker");
                });
    }

    @Test
    void aCompositeNumberWithoutWidth() {
        runner.withPropertyValues(RENTALS + ".indices.by-status.pk=status",
                RENTALS + ".indices.by-status.sk.composite=_statusAt",
                RENTALS + ".indices.by-status.sk.fields[0]=status",
                RENTALS + ".indices.by-status.sk.fields[1].name=at",
                RENTALS + ".indices.by-status.sk.fields[1].type=number").run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription())
                            .contains("Property: " + RENTALS + ".indices.by-status.sk.fields[1].width")
                            .contains("number field 'at' is part of a composite key but has no width");
                    assertThat(analysis.getAction()).contains("{name: at, type: number, width: 10}");
                });
    }

    @Test
    void aShardedMarkerWithoutShardBy() {
        runner.withPropertyValues(RENTALS + ".indices.all-vehicles.pk.marker=_v",
                RENTALS + ".indices.all-vehicles.pk.shards=16", RENTALS + ".indices.all-vehicles.sk=vin",
                RENTALS + ".indices.all-vehicles.membership.types=vehicle", RENTALS + ".type-labels=state,facility,vehicle")
                .run(context -> assertThat(FailureAnalyses.of(context).getDescription())
                        .contains("Property: " + RENTALS + ".indices.all-vehicles.pk.shard-by")
                        .contains("a marker with 16 shards has no shard-by fields"));
    }

    @Test
    void aSparseMarkerIndexThatMarksEveryItem() {
        runner.withPropertyValues(RENTALS + ".indices.all.pk.marker=_all", RENTALS + ".indices.all.sk=state",
                RENTALS + ".indices.all.sparse=true").run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".indices.all.sparse")
                            .contains("its marker is written on every item");
                    assertThat(analysis.getAction()).contains("Restrict the membership");
                });
    }

    @Test
    void aMembershipBeanThatDoesNotExist() {
        runner.withBean("openOnly", Membership.class, () -> Membership.onlyWhen(Set.of("s"), item -> true))
                .withPropertyValues(RENTALS + ".indices.open.pk.marker=_open", RENTALS + ".indices.open.sk=state",
                        RENTALS + ".indices.open.membership.bean=openOrders")
                .run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription())
                            .contains("Property: " + RENTALS + ".indices.open.membership.bean")
                            .contains("no bean of type io.dynamodbtoolkit.index.Membership named 'openOrders'")
                            .contains("the Membership beans are [openOnly]");
                });
    }

    @Test
    void aGlobalIndexWithoutPartitionKey() {
        runner.withPropertyValues(RENTALS + ".indices.by-date.sk=date").run(context -> {
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".indices.by-date.pk")
                    .contains("a global index needs a partition key");
        });
    }

    @Test
    void aLocalIndexOnATableWithoutSortKey() {
        ToolkitRunners.toolkit().withPropertyValues("dynamodb.toolkit.adapters.docs.key-fields=id",
                "dynamodb.toolkit.adapters.docs.indices.by-date.type=lsi",
                "dynamodb.toolkit.adapters.docs.indices.by-date.sk=date").run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription())
                            .contains("Property: dynamodb.toolkit.adapters.docs.indices.by-date.type")
                            .contains("a local index needs a table with a sort key");
                    assertThat(analysis.getAction()).contains("Declare a global index instead");
                });
    }

    @Test
    void aDerivedIndexAttributeOutsideTheTechnicalPrefix() {
        runner.withPropertyValues(RENTALS + ".indices.states.pk.marker=stateMarker",
                RENTALS + ".indices.states.sk=state", RENTALS + ".type-labels=state,facility,vehicle",
                RENTALS + ".indices.states.membership.types=state").run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".indices.states.pk")
                            .contains("'stateMarker' is written by the toolkit but is outside the technicalPrefix");
                });
    }

    @Test
    void anIncludeListWithAnotherProjection() {
        runner.withPropertyValues(RENTALS + ".indices.by-x.pk=x", RENTALS + ".indices.by-x.projection=keys-only",
                RENTALS + ".indices.by-x.include=a,b").run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription()).contains("Property: " + RENTALS + ".indices.by-x.include")
                            .contains("include lists attributes but the projection is keys-only");
                    assertThat(analysis.getAction()).contains("Remove include, or set projection: include");
                });
    }

    @Test
    void aFilterOperatorThatDoesNotFitTheType() {
        runner.withPropertyValues(RENTALS + ".filters.available.type=boolean",
                RENTALS + ".filters.available.operators=eq,lt").run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription())
                            .contains("Property: " + RENTALS + ".filters.available.operators")
                            .contains("the operator lt does not apply to BOOLEAN fields");
                });
    }

    @Test
    void anErrorMadeByACustomizerKeepsTheCoreNameAndSaysWhere() {
        runner.withBean(AdapterCustomizer.class, () -> (name, declaration) -> declaration.indexes(
                IndexDeclaration.global("x").build())).run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription()).contains("adapter 'rentals'")
                            .contains("Property: indexes[x]")
                            .contains("'x' is not a valid index name");
                    assertThat(analysis.getAction()).doesNotContain("application's configuration");
                });
    }

    @Test
    void aDeclarationInTheApplicationsOwnCode() {
        ToolkitRunners.toolkit().withBean("legacy", Adapter.class, () -> Adapter.create(AdapterDeclaration.builder(
                ItemMapper.documents()).table("legacy").keys(KeyModel.builder().keyFields("a", "b", "c").build())
                .build(), DynamoDbClient.create())).run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription()).startsWith("A DynamoDB toolkit declaration cannot work.")
                            .contains("Property: structuralKey").contains("3 key fields are declared without a "
                                    + "structural key");
                    assertThat(analysis.getAction()).startsWith("Declare structuralKey");
                });
    }

    @Test
    void aValueThatDoesNotBindIsExplainedBySpringBootItself() {
        runner.withPropertyValues(RENTALS + ".indices.by-x.pk=x", RENTALS + ".indices.by-x.projection=everything")
                .run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription()).contains(RENTALS + ".indices.by-x.projection")
                            .contains("everything");
                    assertThat(analysis.getAction()).contains("Update your application's configuration")
                            .contains("ALL").contains("KEYS_ONLY").contains("INCLUDE");
                });
    }
}
