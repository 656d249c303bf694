package io.dynamodbtoolkit.adapter.mapping;

import java.util.List;

import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbAttribute;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;

/** A rental vehicle as a mutable SDK bean; the toolkit's version and created-at fields map to properties. */
@DynamoDbBean
public class VehicleBean {

    private String state;
    private String facility;
    private String vin;
    private String kind;
    private String make;
    private Integer seats;
    private List<String> tags;
    private Long version;
    private Long createdAt;

    /** @return the state (partition key) */
    @DynamoDbPartitionKey
    public String getState() {
        return state;
    }

    public void setState(String state) {
        this.state = state;
    }

    /** @return the facility */
    public String getFacility() {
        return facility;
    }

    public void setFacility(String facility) {
        this.facility = facility;
    }

    /** @return the vehicle identification number */
    public String getVin() {
        return vin;
    }

    public void setVin(String vin) {
        this.vin = vin;
    }

    /** @return the type label the toolkit writes */
    public String getKind() {
        return kind;
    }

    public void setKind(String kind) {
        this.kind = kind;
    }

    /** @return the make */
    public String getMake() {
        return make;
    }

    public void setMake(String make) {
        this.make = make;
    }

    /** @return the seat count */
    public Integer getSeats() {
        return seats;
    }

    public void setSeats(Integer seats) {
        this.seats = seats;
    }

    /** @return free tags */
    public List<String> getTags() {
        return tags;
    }

    public void setTags(List<String> tags) {
        this.tags = tags;
    }

    /** @return the toolkit-managed version */
    @DynamoDbAttribute("_version")
    public Long getVersion() {
        return version;
    }

    public void setVersion(Long version) {
        this.version = version;
    }

    /** @return the toolkit-managed creation time (epoch millis) */
    @DynamoDbAttribute("_createdAt")
    public Long getCreatedAt() {
        return createdAt;
    }

    public void setCreatedAt(Long createdAt) {
        this.createdAt = createdAt;
    }

    /** @return a new vehicle */
    public static VehicleBean of(String state, String facility, String vin, String make, int seats) {
        VehicleBean vehicle = new VehicleBean();
        vehicle.setState(state);
        vehicle.setFacility(facility);
        vehicle.setVin(vin);
        vehicle.setMake(make);
        vehicle.setSeats(seats);
        return vehicle;
    }
}
