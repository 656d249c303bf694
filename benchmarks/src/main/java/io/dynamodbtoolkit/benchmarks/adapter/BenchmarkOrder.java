package io.dynamodbtoolkit.benchmarks.adapter;

import java.util.List;

import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbBean;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbPartitionKey;
import software.amazon.awssdk.enhanced.dynamodb.mapper.annotations.DynamoDbSortKey;

/** A typical item: an order of a customer, keyed by customer and order id, with ten attributes of mixed types. */
@DynamoDbBean
public class BenchmarkOrder {

    private String customerId;
    private String orderId;
    private String status;
    private Long totalCents;
    private String currency;
    private Integer itemCount;
    private Boolean express;
    private List<String> skus;
    private String shippingCity;
    private String note;

    /** @return a filled-in order */
    static BenchmarkOrder sample() {
        BenchmarkOrder order = new BenchmarkOrder();
        order.setCustomerId("customer-000042");
        order.setOrderId("2026-11-30T12:00:00Z#A7F3");
        order.setStatus("OPEN");
        order.setTotalCents(129_990L);
        order.setCurrency("EUR");
        order.setItemCount(3);
        order.setExpress(Boolean.TRUE);
        order.setSkus(List.of("SKU-1001", "SKU-2002", "SKU-3003"));
        order.setShippingCity("Lyon");
        order.setNote("Leave at the reception desk");
        return order;
    }

    @DynamoDbPartitionKey
    public String getCustomerId() {
        return customerId;
    }

    public void setCustomerId(String customerId) {
        this.customerId = customerId;
    }

    @DynamoDbSortKey
    public String getOrderId() {
        return orderId;
    }

    public void setOrderId(String orderId) {
        this.orderId = orderId;
    }

    public String getStatus() {
        return status;
    }

    public void setStatus(String status) {
        this.status = status;
    }

    public Long getTotalCents() {
        return totalCents;
    }

    public void setTotalCents(Long totalCents) {
        this.totalCents = totalCents;
    }

    public String getCurrency() {
        return currency;
    }

    public void setCurrency(String currency) {
        this.currency = currency;
    }

    public Integer getItemCount() {
        return itemCount;
    }

    public void setItemCount(Integer itemCount) {
        this.itemCount = itemCount;
    }

    public Boolean getExpress() {
        return express;
    }

    public void setExpress(Boolean express) {
        this.express = express;
    }

    public List<String> getSkus() {
        return skus;
    }

    public void setSkus(List<String> skus) {
        this.skus = skus;
    }

    public String getShippingCity() {
        return shippingCity;
    }

    public void setShippingCity(String shippingCity) {
        this.shippingCity = shippingCity;
    }

    public String getNote() {
        return note;
    }

    public void setNote(String note) {
        this.note = note;
    }
}
