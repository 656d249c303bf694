package io.dynamodbtoolkit.boot.autoconfigure.adapter;

import static org.assertj.core.api.Assertions.assertThat;

import io.dynamodbtoolkit.boot.autoconfigure.FailureAnalyses;
import io.dynamodbtoolkit.boot.autoconfigure.ToolkitRunners;
import org.junit.jupiter.api.Test;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

/**
 * Every key under {@code dynamodb.toolkit.adapters} must bind to a setting: a misspelt or misplaced one fails start-up
 * naming the key as configured and the nearest valid key, instead of starting without the setting that was meant.
 */
class StrictAdapterPropertiesIT {

    private static final String ROOMS = "dynamodb.toolkit.adapters.rooms";

    private final ApplicationContextRunner runner = ToolkitRunners.toolkit();

    @Test
    void aMisspeltSettingOfAKeyFieldInYaml() {
        runner.withInitializer(ToolkitRunners.yaml("adapters/misspelt.yml")).run(context -> {
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(context.getStartupFailure()).hasRootCauseInstanceOf(UnknownAdapterPropertyException.class);
            assertThat(analysis.getDescription())
                    .contains("The DynamoDB toolkit adapter 'bookings' is declared in a way that cannot work.")
                    .contains("Property: dynamodb.toolkit.adapters.bookings.key-fields[1].tpye")
                    .contains("'tpye' binds to nothing: dynamodb.toolkit.adapters.bookings.key-fields[1] has no "
                            + "setting of that name (its settings are name, type, width)");
            assertThat(analysis.getAction()).isEqualTo("Rename it to "
                    + "dynamodb.toolkit.adapters.bookings.key-fields[1].type (the nearest valid key).");
        });
    }

    @Test
    void aMisspeltAdapterSettingIsNamedInsteadOfItsConsequence() {
        runner.withPropertyValues(ROOMS + ".key-feilds=building,room").run(context -> {
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription()).contains("Property: " + ROOMS + ".key-feilds")
                    .doesNotContain("no key fields are declared");
            assertThat(analysis.getAction()).isEqualTo("Rename it to " + ROOMS + ".key-fields (the nearest valid "
                    + "key).");
        });
    }

    @Test
    void aMisspeltSettingOfAnIndexKeySide() {
        runner.withPropertyValues(ROOMS + ".key-fields=building,room", ROOMS + ".indices.by-floor.pk.atribute=floor")
                .run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription())
                            .contains("Property: " + ROOMS + ".indices.by-floor.pk.atribute");
                    assertThat(analysis.getAction()).isEqualTo("Rename it to " + ROOMS
                            + ".indices.by-floor.pk.attribute (the nearest valid key).");
                });
    }

    @Test
    void aSettingFarFromAnyListsTheValidOnes() {
        runner.withPropertyValues(ROOMS + ".key-fields=building,room", ROOMS + ".indices.by-floor.pk=floor",
                ROOMS + ".indices.by-floor.colour=blue").run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription()).contains("Property: " + ROOMS + ".indices.by-floor.colour");
                    assertThat(analysis.getAction()).isEqualTo("Use one of include, membership, pk, projection, "
                            + "scan-segments, sk, sparse, type.");
                });
    }

    @Test
    void settingsUnderAValueAreRefused() {
        runner.withPropertyValues(ROOMS + ".key-fields=building,room", ROOMS + ".type-field.name=kind")
                .run(context -> {
                    FailureAnalysis analysis = FailureAnalyses.of(context);
                    assertThat(analysis.getDescription()).contains("Property: " + ROOMS + ".type-field.name")
                            .contains("'" + ROOMS + ".type-field' takes a value, not settings such as 'name'");
                });
    }
}
