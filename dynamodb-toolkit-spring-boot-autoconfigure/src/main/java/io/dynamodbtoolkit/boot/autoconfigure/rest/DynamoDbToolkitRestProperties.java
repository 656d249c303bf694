package io.dynamodbtoolkit.boot.autoconfigure.rest;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.util.unit.DataSize;

/** The REST surface's settings ({@code dynamodb.toolkit.rest.*}). */
@ConfigurationProperties(DynamoDbToolkitRestProperties.PREFIX)
public class DynamoDbToolkitRestProperties {

    /** The prefix of the properties. */
    public static final String PREFIX = "dynamodb.toolkit.rest";

    /** Path the exported adapters and repositories are served under, each at {base-path}/{name}. */
    private String basePath = "/api";

    /**
     * The largest request body the exported routes read (larger ones answer 413); applies to the default
     * {@code RestPolicy} (an application's own policy bean sets its own {@code maxBodyBytes}).
     */
    private DataSize maxBodySize = DataSize.ofMegabytes(1);

    /** @return the largest request body read */
    public DataSize getMaxBodySize() {
        return maxBodySize;
    }

    /** @param maxBodySize the largest request body read */
    public void setMaxBodySize(DataSize maxBodySize) {
        this.maxBodySize = maxBodySize;
    }

    /** @return the base path */
    public String getBasePath() {
        return basePath;
    }

    /** @param basePath the base path */
    public void setBasePath(String basePath) {
        this.basePath = basePath;
    }
}
