package io.dynamodbtoolkit.boot.autoconfigure.embedded;

import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;

/**
 * What the embedded engine, which this auto-configuration starts, needs in a native image: its list of DynamoDB's
 * reserved words, a class-path resource (the engine itself depends on nothing of Spring's, so its hints are here).
 */
class EmbeddedEngineRuntimeHints implements RuntimeHintsRegistrar {

    /** The engine's class-path resources. */
    static final String RESERVED_WORDS = "io/dynamodbtoolkit/embedded/expression/reserved-words.txt";

    @Override
    public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
        hints.resources().registerPattern(RESERVED_WORDS);
    }
}
