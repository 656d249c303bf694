package io.dynamodbtoolkit.springweb;

/** A tenant's issue: {@code acme|web|WEB-1}. */
public record Issue(String tenant, String project, String issue, String title) {
}
