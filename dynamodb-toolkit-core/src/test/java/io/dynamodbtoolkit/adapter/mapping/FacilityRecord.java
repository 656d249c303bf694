package io.dynamodbtoolkit.adapter.mapping;

import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbImmutable;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;

/** A rental facility as an immutable SDK class with a builder. */
@DynamoDbImmutable(builder = FacilityRecord.Builder.class)
public final class FacilityRecord {

    private final String state;
    private final String facility;
    private final String kind;
    private final String city;
    private final Long version;

    private FacilityRecord(Builder builder) {
        this.state = builder.state;
        this.facility = builder.facility;
        this.kind = builder.kind;
        this.city = builder.city;
        this.version = builder.version;
    }

    /** @return a builder */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder holding this facility's values */
    public Builder toBuilder() {
        return builder().state(state).facility(facility).kind(kind).city(city).version(version);
    }

    /** @return the state (partition key) */
    @DynamoDbPartitionKey
    public String getState() {
        return state;
    }

    /** @return the facility */
    public String getFacility() {
        return facility;
    }

    /** @return the type label the toolkit writes */
    public String getKind() {
        return kind;
    }

    /** @return the city */
    public String getCity() {
        return city;
    }

    /** @return the toolkit-managed version */
    @DynamoDbAttribute("_version")
    public Long getVersion() {
        return version;
    }

    /** Builds a {@link FacilityRecord}. */
    public static final class Builder {
        private String state;
        private String facility;
        private String kind;
        private String city;
        private Long version;

        private Builder() {
        }

        public Builder state(String value) {
            this.state = value;
            return this;
        }

        public Builder facility(String value) {
            this.facility = value;
            return this;
        }

        public Builder kind(String value) {
            this.kind = value;
            return this;
        }

        public Builder city(String value) {
            this.city = value;
            return this;
        }

        public Builder version(Long value) {
            this.version = value;
            return this;
        }

        public FacilityRecord build() {
            return new FacilityRecord(this);
        }
    }
}
