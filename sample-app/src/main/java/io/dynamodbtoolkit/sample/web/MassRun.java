package io.dynamodbtoolkit.sample.web;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.mass.MassResult;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

/**
 * What one run of a mass operation did, as the REST API returns it (the engine's {@link MassResult} with the keys
 * of failed and conflicting items in plain JSON).
 *
 * @param processed items written or deleted
 * @param skipped   items left alone
 * @param failed    items that could not be processed, and why
 * @param conflicts items changed by someone else meanwhile, and why
 * @param cursor    pass it back as {@code cursor} to resume a run that stopped at {@code maxItems}; null when done
 * @param complete  whether the run covered the whole subtree
 */
public record MassRun(long processed, long skipped, List<Problem> failed, List<Problem> conflicts, String cursor,
        boolean complete) {

    /**
     * An item the run could not process.
     *
     * @param key    the item's key
     * @param reason why
     */
    public record Problem(Map<String, Object> key, String reason) {
    }

    /** @return the REST form of an engine result */
    public static MassRun of(MassResult result) {
        return new MassRun(result.processed(), result.skipped(),
                result.failed().stream().map(f -> new Problem(plain(f.key()), f.reason())).toList(),
                result.conflicts().stream().map(c -> new Problem(plain(c.key()), c.reason())).toList(),
                result.cursor(), result.isComplete());
    }

    private static Map<String, Object> plain(Map<String, AttributeValue> key) {
        Map<String, Object> plain = new LinkedHashMap<>();
        key.forEach((name, value) -> plain.put(name, AttributeValues.toJava(value)));
        return plain;
    }
}
