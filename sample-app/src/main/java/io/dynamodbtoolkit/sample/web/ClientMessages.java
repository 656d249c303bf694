package io.dynamodbtoolkit.sample.web;

import java.util.regex.Pattern;

/**
 * What of a failure's message may be sent to a client: the AWS SDK appends the service, status code and request ID
 * to every service error's message ({@code (Service: DynamoDb, Status Code: 400, Request ID: ...)}), which clients
 * need not see; the log keeps them.
 */
final class ClientMessages {

    private static final Pattern SDK_DETAILS = Pattern.compile("\\s*\\(Service: [^)]*\\)");

    private ClientMessages() {
    }

    /** @return the message without the SDK's service details, or null for null */
    static String safe(String message) {
        return message == null ? null : SDK_DETAILS.matcher(message).replaceAll("");
    }
}
