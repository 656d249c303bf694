package io.dynamodbtoolkit.boot.autoconfigure.embedded;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.aot.hint.predicate.RuntimeHintsPredicates;
import org.springframework.beans.factory.aot.AotServices;

class EmbeddedEngineRuntimeHintsTest {

    @Test
    void theEnginesReservedWordsAreInTheImage() {
        RuntimeHints hints = new RuntimeHints();
        new EmbeddedEngineRuntimeHints().registerHints(hints, getClass().getClassLoader());

        assertThat(getClass().getClassLoader().getResource(EmbeddedEngineRuntimeHints.RESERVED_WORDS))
                .as("the engine's resource, where the hint says").isNotNull();
        assertThat(RuntimeHintsPredicates.resource().forResource(EmbeddedEngineRuntimeHints.RESERVED_WORDS))
                .accepts(hints);
    }

    @Test
    void springFindsTheRegistrarThroughAotFactories() {
        assertThat(AotServices.factories().load(RuntimeHintsRegistrar.class))
                .hasAtLeastOneElementOfType(EmbeddedEngineRuntimeHints.class);
    }
}
