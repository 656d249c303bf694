package io.dynamodbtoolkit.embedded.expression;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;

/**
 * The words DynamoDB reserves in expressions (the list published in the DynamoDB developer guide, "Reserved words
 * in DynamoDB"); an attribute name equal to one of them, in any case, must be written with a {@code #name}
 * placeholder.
 */
final class ReservedWords {

    private static final Set<String> WORDS = load();

    private ReservedWords() {
    }

    static boolean isReserved(String word) {
        return WORDS.contains(word.toUpperCase(Locale.ROOT));
    }

    private static Set<String> load() {
        Set<String> words = new HashSet<>();
        try (InputStream in = ReservedWords.class.getResourceAsStream("reserved-words.txt")) {
            if (in == null) {
                throw new IllegalStateException("reserved-words.txt missing from the classpath");
            }
            BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (!line.isBlank()) {
                    words.add(line.trim().toUpperCase(Locale.ROOT));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return Set.copyOf(words);
    }
}
