package io.dynamodbtoolkit.embedded.support;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

/**
 * Requests written by hand as JSON, for what the AWS SDK never sends (malformed values, legacy parameters in
 * combinations the SDK's model would refuse).
 */
public final class RawRequests {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private RawRequests() {
    }

    /** An answer: HTTP status, headers and JSON body. */
    public record Answer(int status, java.net.http.HttpHeaders headers, String body) {
    }

    /** POSTs {@code json} to the DynamoDB operation (e.g. "PutItem") at the endpoint. */
    public static Answer post(URI endpoint, String operation, String json) {
        return send(endpoint, "DynamoDB_20120810." + operation, json);
    }

    /** POSTs {@code json} with the X-Amz-Target given as is. */
    public static Answer send(URI endpoint, String target, String json) {
        HttpRequest request = HttpRequest.newBuilder(endpoint)
                .header("X-Amz-Target", target)
                .header("Content-Type", "application/x-amz-json-1.0")
                .POST(HttpRequest.BodyPublishers.ofString(json, StandardCharsets.UTF_8))
                .build();
        try {
            HttpResponse<String> response = HTTP.send(request, HttpResponse.BodyHandlers.ofString());
            return new Answer(response.statusCode(), response.headers(), response.body());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
