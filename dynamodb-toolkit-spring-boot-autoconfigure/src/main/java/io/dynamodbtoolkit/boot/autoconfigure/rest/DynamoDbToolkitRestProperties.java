package io.dynamodbtoolkit.boot.autoconfigure.rest;

import org.springframework.boot.context.properties.ConfigurationProperties;

/** The REST surface's settings ({@code dynamodb.toolkit.rest.*}). */
@ConfigurationProperties(DynamoDbToolkitRestProperties.PREFIX)
public class DynamoDbToolkitRestProperties {

    /** The prefix of the properties. */
    public static final String PREFIX = "dynamodb.toolkit.rest";

    /** Path the exported adapters and repositories are served under, each at {base-path}/{name}. */
    private String basePath = "/api";

    /** @return the base path */
    public String getBasePath() {
        return basePath;
    }

    /** @param basePath the base path */
    public void setBasePath(String basePath) {
        this.basePath = basePath;
    }
}
