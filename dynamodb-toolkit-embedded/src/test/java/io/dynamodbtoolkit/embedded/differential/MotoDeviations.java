package io.dynamodbtoolkit.embedded.differential;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.function.BiPredicate;

/**
 * The allowlist of known places where moto_server (5.2.1) answers differently from DynamoDB, so that the
 * differential test does not report them. Each entry says what moto does and what DynamoDB does (the embedded
 * engine follows DynamoDB). The same list is in the module's README.
 */
final class MotoDeviations {

    /**
     * One known deviation.
     *
     * @param id       a short name
     * @param moto     what moto answers
     * @param dynamoDb what DynamoDB answers (per its API reference), and so the embedded engine
     * @param trait    the kind of request it concerns
     * @param allows   whether the (embedded, moto) outcomes differ only by this deviation
     */
    record Deviation(String id, String moto, String dynamoDb, Step.Trait trait, BiPredicate<String, String> allows) {
    }

    static final List<Deviation> ALLOWLIST = List.of(
            new Deviation("updated-values",
                    "UpdateItem with ReturnValues UPDATED_NEW / UPDATED_OLD also returns the key attributes of a new"
                            + " item, and leaves out attributes the update set to the value they already had",
                    "returns the attributes the update expression wrote (never the key attributes, which an update"
                            + " cannot write), whether or not their value changed",
                    Step.Trait.RETURNS_UPDATED_VALUES,
                    MotoDeviations::motoReturnsSubsetPlusKeys),
            new Deviation("mistyped-key-accepted",
                    "GetItem with a key attribute of the wrong type answers as if the item did not exist",
                    "ValidationException: The provided key element does not match the schema",
                    Step.Trait.MISTYPED_KEY,
                    (embedded, moto) -> embedded.equals("error:ValidationException")),
            new Deviation("unused-value-ignored",
                    "an ExpressionAttributeValues entry that no expression uses is ignored",
                    "ValidationException: Value provided in ExpressionAttributeValues unused in expressions: keys:"
                            + " {:unused}",
                    Step.Trait.UNUSED_VALUE,
                    (embedded, moto) -> embedded.equals("error:ValidationException")),
            new Deviation("between-excludes-zero",
                    "x BETWEEN :lo AND :hi is false when x is the number 0, even when lo <= 0 <= hi (while"
                            + " x >= :lo AND x <= :hi is true)",
                    "BETWEEN is true when lo <= x <= hi, zero included",
                    Step.Trait.BETWEEN_FILTER,
                    MotoDeviations::motoLeavesOutOnlyZeroes),
            new Deviation("negative-filter-excludes-missing",
                    "an NE or NOT_CONTAINS filter condition is false when the item lacks the attribute",
                    "NE and NOT_CONTAINS are the negations of EQ and CONTAINS, as a <> :v and NOT contains(a, :v)"
                            + " are: true when the attribute is absent",
                    Step.Trait.NEGATIVE_FILTER,
                    MotoDeviations::motoReturnsFewerOfTheSameItems));
    private MotoDeviations() {
    }

    /** Whether the outcomes are equal, or differ only by an allowlisted deviation for this step. */
    static boolean equivalent(Step step, String embedded, String moto) {
        if (embedded.equals(moto)) {
            return true;
        }
        for (Deviation deviation : ALLOWLIST) {
            if (step.traits().contains(deviation.trait()) && deviation.allows().test(embedded, moto)) {
                return true;
            }
        }
        return false;
    }

    private static boolean motoReturnsSubsetPlusKeys(String embedded, String moto) {
        String prefix = "attributes=";
        if (!embedded.startsWith(prefix) || !moto.startsWith(prefix)) {
            return false;
        }
        List<String> embeddedEntries = entries(embedded.substring(prefix.length()));
        List<String> motoEntries = entries(moto.substring(prefix.length()));
        motoEntries.removeIf(entry -> entry.startsWith("pk=") || entry.startsWith("sk="));
        return new HashSet<>(embeddedEntries).containsAll(motoEntries);
    }

    private static boolean motoReturnsFewerOfTheSameItems(String embedded, String moto) {
        List<String> missing = itemsOnlyEmbeddedAnswered(embedded, moto);
        return missing != null && !missing.isEmpty();
    }

    private static boolean motoLeavesOutOnlyZeroes(String embedded, String moto) {
        List<String> missing = itemsOnlyEmbeddedAnswered(embedded, moto);
        return missing != null && missing.stream().allMatch(item -> item.contains("v=N:0,") || item.contains("v=N:0}"));
    }

    /**
     * For two read outcomes that scanned as many items, the items the embedded engine answered and moto did not;
     * {@code null} when moto answered an item the engine did not, or the outcomes are not comparable reads.
     */
    private static List<String> itemsOnlyEmbeddedAnswered(String embedded, String moto) {
        int embeddedScanned = embedded.lastIndexOf(" scanned=");
        int motoScanned = moto.lastIndexOf(" scanned=");
        if (!embedded.startsWith("items=") || !moto.startsWith("items=") || embeddedScanned < 0 || motoScanned < 0
                || !embedded.substring(embeddedScanned).equals(moto.substring(motoScanned))) {
            return null;
        }
        List<String> embeddedItems = entries(embedded.substring("items=".length(), embedded.lastIndexOf(" count=")));
        List<String> motoItems = entries(moto.substring("items=".length(), moto.lastIndexOf(" count=")));
        if (!embeddedItems.containsAll(motoItems)) {
            return null;
        }
        List<String> missing = new ArrayList<>(embeddedItems);
        missing.removeAll(motoItems);
        return missing;
    }

    /** The top-level entries of a canonical {@code {a, b}} map or {@code [a, b]} list. */
    private static List<String> entries(String canonical) {
        List<String> entries = new ArrayList<>();
        if (canonical.length() < 2 || canonical.equals("null")) {
            return entries;
        }
        String body = canonical.substring(1, canonical.length() - 1);
        int depth = 0;
        int start = 0;
        for (int i = 0; i < body.length(); i++) {
            char c = body.charAt(i);
            if (c == '{' || c == '[') {
                depth++;
            } else if (c == '}' || c == ']') {
                depth--;
            } else if (c == ',' && depth == 0 && i + 1 < body.length() && body.charAt(i + 1) == ' ') {
                entries.add(body.substring(start, i));
                start = i + 2;
            }
        }
        if (start < body.length()) {
            entries.add(body.substring(start));
        }
        return entries;
    }
}
