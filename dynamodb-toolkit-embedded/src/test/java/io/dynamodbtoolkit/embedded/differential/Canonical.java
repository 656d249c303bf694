package io.dynamodbtoolkit.embedded.differential;

import software.amazon.awssdk.awscore.exception.AwsServiceException;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.CancellationReason;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Canonical text of responses, so that two servers' answers compare with {@code equals}: maps with sorted keys,
 * sets sorted, numbers compared by value, errors reduced to their error code (and cancellation reason codes).
 */
final class Canonical {

    private Canonical() {
    }

    static String item(Map<String, AttributeValue> item) {
        if (item == null) {
            return "null";
        }
        Map<String, String> sorted = new TreeMap<>();
        item.forEach((name, value) -> {
            if (!isEmptySet(value)) {
                sorted.put(name, value(value));
            }
        });
        return sorted.toString();
    }

    /**
     * An empty set: moto keeps one when AttributeUpdates DELETE removes a set's last elements, where DynamoDB (and
     * the engine) remove the attribute, since DynamoDB stores no empty set. Left out of both answers.
     */
    private static boolean isEmptySet(AttributeValue value) {
        return (value.hasSs() && value.ss().isEmpty()) || (value.hasNs() && value.ns().isEmpty())
                || (value.hasBs() && value.bs().isEmpty());
    }

    static List<String> items(List<Map<String, AttributeValue>> items) {
        List<String> canonical = new ArrayList<>();
        for (Map<String, AttributeValue> item : items) {
            canonical.add(item(item));
        }
        return canonical;
    }

    static List<String> sortedItems(List<Map<String, AttributeValue>> items) {
        List<String> canonical = items(items);
        canonical.sort(null);
        return canonical;
    }

    static String value(AttributeValue value) {
        if (value.s() != null) {
            return "S:" + value.s();
        }
        if (value.n() != null) {
            return "N:" + number(value.n());
        }
        if (value.b() != null) {
            return "B:" + Base64.getEncoder().encodeToString(value.b().asByteArray());
        }
        if (value.bool() != null) {
            return "BOOL:" + value.bool();
        }
        if (Boolean.TRUE.equals(value.nul())) {
            return "NULL";
        }
        if (value.hasSs()) {
            return "SS:" + sorted(value.ss());
        }
        if (value.hasNs()) {
            List<String> numbers = new ArrayList<>();
            value.ns().forEach(n -> numbers.add(number(n)));
            return "NS:" + sorted(numbers);
        }
        if (value.hasBs()) {
            List<String> bytes = new ArrayList<>();
            value.bs().forEach(b -> bytes.add(Base64.getEncoder().encodeToString(b.asByteArray())));
            return "BS:" + sorted(bytes);
        }
        if (value.hasL()) {
            List<String> list = new ArrayList<>();
            value.l().forEach(element -> list.add(value(element)));
            return "L:" + list;
        }
        if (value.hasM()) {
            return "M:" + item(value.m());
        }
        return "?";
    }

    private static String number(String text) {
        BigDecimal value = new BigDecimal(text);
        return value.signum() == 0 ? "0" : value.stripTrailingZeros().toPlainString();
    }

    private static List<String> sorted(List<String> values) {
        List<String> copy = new ArrayList<>(values);
        copy.sort(null);
        return copy;
    }

    /** The error code of a failed call, with cancellation reason codes for cancelled transactions. */
    static String error(AwsServiceException e) {
        String code = e.awsErrorDetails().errorCode();
        if (e instanceof TransactionCanceledException cancelled && cancelled.hasCancellationReasons()) {
            List<String> reasons = new ArrayList<>();
            for (CancellationReason reason : cancelled.cancellationReasons()) {
                reasons.add(reason.code() + (reason.hasItem() ? item(reason.item()) : ""));
            }
            return "error:" + code + reasons;
        }
        return "error:" + code;
    }
}
