package io.dynamodbtoolkit.springweb;

import org.springframework.http.HttpStatus;

/**
 * A request the REST surface refuses before it reaches DynamoDB: a parameter out of range, a route that does not
 * exist, a body of the wrong shape. Answered as problem details with its status, type and title.
 */
public class RestRequestException extends RuntimeException {

    private final HttpStatus status;
    private final String type;
    private final String title;

    /**
     * @param status the response status
     * @param type   the problem type's last segment, e.g. {@code invalid-parameter}
     * @param title  the problem's title
     * @param detail what was wrong, for the client
     */
    public RestRequestException(HttpStatus status, String type, String title, String detail) {
        super(detail);
        this.status = status;
        this.type = type;
        this.title = title;
    }

    /** @return a 400 for a parameter or path that cannot be accepted */
    static RestRequestException badRequest(String detail) {
        return new RestRequestException(HttpStatus.BAD_REQUEST, "invalid-request", "Invalid request", detail);
    }

    /** @return a 404 for a route the resource does not have */
    static RestRequestException noRoute(String detail) {
        return new RestRequestException(HttpStatus.NOT_FOUND, "no-such-route", "No such route", detail);
    }

    /** @return the response status */
    public HttpStatus getStatus() {
        return status;
    }

    /** @return the problem type's last segment */
    public String getType() {
        return type;
    }

    /** @return the problem's title */
    public String getTitle() {
        return title;
    }
}
