package io.dynamodbtoolkit.embedded.protocol;

import java.util.concurrent.ThreadLocalRandom;

/**
 * Request IDs in DynamoDB's format: 52 characters of the base32hex alphabet ({@code 0-9}, {@code A-V}), as in the
 * {@code x-amzn-RequestId} header DynamoDB answers with.
 */
final class RequestIds {

    private static final char[] ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUV".toCharArray();
    private static final int LENGTH = 52;

    private RequestIds() {
    }

    static String next() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        char[] id = new char[LENGTH];
        long bits = 0;
        int available = 0;
        for (int i = 0; i < LENGTH; i++) {
            if (available < 5) {
                bits = random.nextLong();
                available = 64;
            }
            id[i] = ALPHABET[(int) (bits & 31)];
            bits >>>= 5;
            available -= 5;
        }
        return new String(id);
    }
}
