package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The ARNs this engine names its resources with (account 000000000000, the region the client signed for). */
final class Arns {

    static final String ACCOUNT = "000000000000";
    private static final Pattern TABLE_ARN = Pattern.compile("arn:aws:dynamodb:[^:]+:\\d+:table/([^/]{3,255})");
    private static final Pattern STREAM_ARN =
            Pattern.compile("arn:aws:dynamodb:[^:]+:\\d+:table/([^/]{3,255})/stream/([^/]+)");

    /** The table and label a stream ARN names. */
    record StreamName(String tableName, String label) {
    }

    private Arns() {
    }

    static String table(String region, String tableName) {
        return "arn:aws:dynamodb:" + region + ":" + ACCOUNT + ":table/" + tableName;
    }

    static String stream(String region, String tableName, String label) {
        return table(region, tableName) + "/stream/" + label;
    }

    /** The table and label of a stream ARN, or a ValidationException. */
    static StreamName streamName(String arn) {
        Matcher matcher = arn == null ? null : STREAM_ARN.matcher(arn);
        if (matcher == null || !matcher.matches()) {
            throw DynamoDbException.validation("Invalid StreamArn: " + arn);
        }
        return new StreamName(matcher.group(1), matcher.group(2));
    }

    /** The table name of a table ARN, or a ValidationException as DynamoDB answers an invalid one. */
    static String tableName(String arn) {
        Matcher matcher = TABLE_ARN.matcher(arn);
        if (!matcher.matches()) {
            throw DynamoDbException.validation("Invalid TableArn: Invalid ResourceArn provided as input " + arn);
        }
        return matcher.group(1);
    }
}
