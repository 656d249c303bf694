package io.dynamodbtoolkit.test.server;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

/** Checks whether a DynamoDB-compatible endpoint answers HTTP requests (any HTTP status counts as an answer). */
final class EndpointProbe {

    private static final HttpClient HTTP = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(1))
            .build();

    private EndpointProbe() {
    }

    /** Sends a {@code ListTables} request and reports whether any HTTP response came back. */
    static boolean answers(URI endpoint) {
        HttpRequest request = HttpRequest.newBuilder(endpoint)
                .timeout(Duration.ofSeconds(2))
                .header("Content-Type", "application/x-amz-json-1.0")
                .header("X-Amz-Target", "DynamoDB_20120810.ListTables")
                .header("Authorization", "AWS4-HMAC-SHA256 Credential=test/20240101/us-east-1/dynamodb/aws4_request,"
                        + " SignedHeaders=host, Signature=0")
                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                .build();
        try {
            HTTP.send(request, HttpResponse.BodyHandlers.discarding());
            return true;
        } catch (IOException e) {
            return false;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }
}
