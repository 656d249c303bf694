package io.dynamodbtoolkit.embedded.engine;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;
import io.dynamodbtoolkit.embedded.error.ErrorCode;

import java.util.Map;

/** DynamoDB's rules for the tags of a table: key 1 to 128 characters, value up to 256, at most 50 per table. */
final class Tags {

    static final int MAX_PER_TABLE = 50;
    private static final int MAX_KEY_LENGTH = 128;
    private static final int MAX_VALUE_LENGTH = 256;

    private Tags() {
    }

    static void check(Map<String, String> tags) {
        for (Map.Entry<String, String> tag : tags.entrySet()) {
            String key = tag.getKey();
            if (key.isEmpty() || key.length() > MAX_KEY_LENGTH) {
                throw DynamoDbException.validation("1 validation error detected: Value '" + key + "' at"
                        + " 'tags.member.key' failed to satisfy constraint: Member must have length "
                        + (key.isEmpty() ? "greater than or equal to 1" : "less than or equal to 128"));
            }
            if (tag.getValue().length() > MAX_VALUE_LENGTH) {
                throw DynamoDbException.validation("1 validation error detected: Value '" + tag.getValue() + "' at"
                        + " 'tags.member.value' failed to satisfy constraint: Member must have length less than or"
                        + " equal to 256");
            }
            if (key.startsWith("aws:")) {
                throw DynamoDbException.validation("One or more parameter values were invalid: Tag keys starting with"
                        + " 'aws:' are reserved for system use");
            }
        }
        checkCount(tags.size());
    }

    static void checkCount(int count) {
        if (count > MAX_PER_TABLE) {
            throw new DynamoDbException(ErrorCode.LIMIT_EXCEEDED, "The number of tags on a resource exceeds the limit"
                    + " of " + MAX_PER_TABLE);
        }
    }
}
