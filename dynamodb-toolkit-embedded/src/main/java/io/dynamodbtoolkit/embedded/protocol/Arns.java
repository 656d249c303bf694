package io.dynamodbtoolkit.embedded.protocol;

import io.dynamodbtoolkit.embedded.error.DynamoDbException;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The ARNs this engine names its resources with (account 000000000000, the region the client signed for). */
final class Arns {

    static final String ACCOUNT = "000000000000";
    private static final Pattern TABLE_ARN = Pattern.compile("arn:aws:dynamodb:[^:]+:\\d+:table/([^/]{3,255})");

    private Arns() {
    }

    static String table(String region, String tableName) {
        return "arn:aws:dynamodb:" + region + ":" + ACCOUNT + ":table/" + tableName;
    }

    /** The table name of a table ARN, or a ValidationException as DynamoDB answers an invalid one. */
    static String tableName(String arn) {
        Matcher matcher = arn == null ? null : TABLE_ARN.matcher(arn);
        if (matcher == null || !matcher.matches()) {
            throw DynamoDbException.validation(arn == null ? "Invalid TableArn"
                    : "Invalid TableArn: Invalid ResourceArn provided as input " + arn);
        }
        return matcher.group(1);
    }
}
