package io.dynamodbtoolkit.test;

import java.util.SplittableRandom;

/** Chooses which entries of a batch a partial-batch fault withholds. */
final class PartialBatch {

    private PartialBatch() {
    }

    /**
     * Marks a random, non-empty subset of {@code size} positions as withheld: between 1 and {@code size} of them,
     * so that anything from none to all but one entry is sent (a partial Fisher-Yates shuffle picks them).
     */
    static boolean[] withheldPositions(int size, SplittableRandom random) {
        int withheldCount = 1 + random.nextInt(size);
        int[] positions = new int[size];
        for (int i = 0; i < size; i++) {
            positions[i] = i;
        }
        boolean[] withheld = new boolean[size];
        for (int i = 0; i < withheldCount; i++) {
            int pick = i + random.nextInt(size - i);
            int position = positions[pick];
            positions[pick] = positions[i];
            positions[i] = position;
            withheld[position] = true;
        }
        return withheld;
    }
}
