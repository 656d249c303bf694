package io.dynamodbtoolkit.sample.reactive.web;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

import org.springframework.http.HttpStatus;
import org.springframework.http.ProblemDetail;
import tools.jackson.databind.json.JsonMapper;

/**
 * The sample's RFC 9457 problem details: their type URIs, and their JSON for the places that write a response
 * themselves, ahead of WebFlux's encoders (a {@code WebFilter}, the Netty pipeline).
 */
public final class Problems {

    /** The prefix of every problem type of the sample's API. */
    public static final String TYPES = "urn:dynamodb-toolkit-sample:problem:";
    /** What the AWS SDK appends to a message: the service, status code and request ID, for the log only. */
    private static final Pattern SDK_DETAILS = Pattern.compile("\\s*\\(Service: [^)]*\\)");

    private Problems() {
    }

    /** @return a problem of the sample's type {@code type}, its detail without the SDK's service and request ID */
    public static ProblemDetail of(HttpStatus status, String type, String title, String detail) {
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status,
                detail == null ? null : SDK_DETAILS.matcher(detail).replaceAll(""));
        problem.setType(URI.create(TYPES + type));
        problem.setTitle(title);
        return problem;
    }

    /** @return the problem as JSON, with the members RFC 9457 names and the request's path as its instance if given */
    static byte[] json(JsonMapper json, ProblemDetail problem, String instance) {
        Map<String, Object> members = new LinkedHashMap<>();
        members.put("type", problem.getType().toString());
        members.put("title", problem.getTitle());
        members.put("status", problem.getStatus());
        members.put("detail", problem.getDetail());
        if (instance != null) {
            members.put("instance", instance);
        }
        return json.writeValueAsBytes(members);
    }
}
