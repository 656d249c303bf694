package io.dynamodbtoolkit.test;

import java.security.SecureRandom;
import java.util.Random;

/**
 * Unique, valid DynamoDB table names: {@code <base>-<TestClassSimpleName>-<random>}, every character outside
 * {@code [a-zA-Z0-9_.-]} replaced by {@code _}, at most 255 characters (the base and class parts are shortened, the
 * random suffix never).
 */
final class TableNames {

    /** DynamoDB's limit on table name length. */
    static final int MAX_LENGTH = 255;

    private static final String SUFFIX_ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
    private static final int SUFFIX_LENGTH = 8;
    private static final Random RANDOM = new SecureRandom();

    private TableNames() {
    }

    static String unique(String baseName, String testClassName) {
        String prefix = sanitize(requireBaseName(baseName)) + "-" + sanitize(testClassName);
        String suffix = "-" + randomSuffix();
        int room = MAX_LENGTH - suffix.length();
        return (prefix.length() > room ? prefix.substring(0, room) : prefix) + suffix;
    }

    static String requireBaseName(String baseName) {
        if (baseName == null || baseName.isBlank()) {
            throw new IllegalArgumentException("A test table needs a non-blank base name, e.g. \"rentals\"");
        }
        return baseName;
    }

    static String sanitize(String text) {
        StringBuilder sanitized = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean valid = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                    || c == '_' || c == '.' || c == '-';
            sanitized.append(valid ? c : '_');
        }
        return sanitized.toString();
    }

    private static String randomSuffix() {
        StringBuilder suffix = new StringBuilder(SUFFIX_LENGTH);
        for (int i = 0; i < SUFFIX_LENGTH; i++) {
            suffix.append(SUFFIX_ALPHABET.charAt(RANDOM.nextInt(SUFFIX_ALPHABET.length())));
        }
        return suffix.toString();
    }
}
