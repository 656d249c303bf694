package io.dynamodbtoolkit;

import java.util.Collection;
import java.util.Locale;
import java.util.Optional;

/**
 * The declared name nearest to a misspelt one, for messages that say "did you mean ...?": by edit distance
 * (insertions, deletions, substitutions and swaps of adjacent letters, ignoring case), and only when near enough to
 * be what was meant.
 */
public final class NearestName {

    private NearestName() {
    }

    /**
     * @param misspelt   the name given
     * @param candidates the valid names
     * @return the candidate nearest to the name, when at most two edits (or a third of its length) away
     */
    public static Optional<String> of(String misspelt, Collection<String> candidates) {
        String given = misspelt.toLowerCase(Locale.ROOT);
        String best = null;
        int bestDistance = Integer.MAX_VALUE;
        for (String candidate : candidates) {
            int distance = distance(given, candidate.toLowerCase(Locale.ROOT));
            if (distance < bestDistance) {
                best = candidate;
                bestDistance = distance;
            }
        }
        return best != null && bestDistance <= Math.max(2, given.length() / 3) ? Optional.of(best) : Optional.empty();
    }

    /** @return the edit distance of two names, a swap of adjacent letters counting as one edit */
    static int distance(String left, String right) {
        int[][] d = new int[left.length() + 1][right.length() + 1];
        for (int i = 0; i <= left.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= right.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= left.length(); i++) {
            for (int j = 1; j <= right.length(); j++) {
                int cost = left.charAt(i - 1) == right.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
                if (i > 1 && j > 1 && left.charAt(i - 1) == right.charAt(j - 2)
                        && left.charAt(i - 2) == right.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[left.length()][right.length()];
    }
}
