package io.dynamodbtoolkit.springweb;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.batch.ItemSize;
import io.dynamodbtoolkit.expression.AttributeValues;
import io.dynamodbtoolkit.transaction.TransactionWriter;
import io.dynamodbtoolkit.key.InvalidKeyException;
import io.dynamodbtoolkit.springdata.transaction.DynamoDbTransactionManager;
import io.dynamodbtoolkit.springdata.transaction.DynamoDbTransactions;
import org.jspecify.annotations.Nullable;
import org.springframework.core.NestedExceptionUtils;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.http.HttpStatus;
import org.springframework.http.ResponseEntity;
import org.springframework.transaction.support.TransactionTemplate;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.TransactWriteItem;

/**
 * {@code PUT /-load}: an array of items saved all or nothing. Every item is checked before anything is sent: bound
 * strictly to its tier's class, key values a path can name and within DynamoDB's key limits, no two items with one
 * key, each item within DynamoDB's 400 KB as it will be written. Then all are saved in one transaction (each as
 * {@code PUT ?force} saves it: a versioned item at the version it carries, else created), so that a write refused when
 * the transaction commits (a version conflict, an existing row where the item carries no version, a missing parent,
 * DynamoDB throttling) leaves every row as it was, and the error status answered is true of the whole request. At most
 * 100 items a request, DynamoDB's limit on a transaction.
 */
final class ItemLoad extends ResourceRoutes {

    /** DynamoDB's limit on the size of an item. */
    static final long MAX_ITEM_BYTES = 400 * 1024;

    ItemLoad(ResourceRequest request) {
        super(request);
    }

    /** @return 200 with the number of items written, once all are */
    ResponseEntity<?> run(@Nullable Object body) {
        if (!(body instanceof List<?> items)) {
            throw RestRequestException.badRequest("'-load' takes a JSON array of items");
        }
        int most = Math.min(policy.maxNames(), TransactionWriter.MAX_ACTIONS);
        if (items.size() > most) {
            throw RestRequestException.badRequest("'-load' takes at most " + most + " items a request (it writes them "
                    + "in one transaction), not " + items.size() + "; send them in several requests");
        }
        List<Object> entities = checked(items);
        DynamoDbClient client = template.getAdapter().client();
        new TransactionTemplate(new DynamoDbTransactionManager(client)).executeWithoutResult(status -> {
            template.saveAll(entities);
            requireItemSizes(DynamoDbTransactions.pendingActions(client));
        });
        return ResponseEntity.ok(Map.of("processed", entities.size()));
    }

    /** @return the items as entities, each checked alone and against the others */
    private List<Object> checked(List<?> items) {
        List<Object> entities = new ArrayList<>(items.size());
        Map<Map<String, AttributeValue>, Integer> seen = new HashMap<>();
        for (int i = 0; i < items.size(); i++) {
            try {
                Map<String, Object> fields = EntityBodies.object(items.get(i));
                AddressableKeys.require(keys, fields, policy);
                Object entity = bodies.entity(fields);
                Integer other = seen.putIfAbsent(keys.codec().primaryKeyFromKeyValues(template.keyOf(entity)), i);
                if (other != null) {
                    throw new RestRequestException(policy.validation(), "duplicate-item", "Duplicate item", "it has "
                            + "the key of item [" + other + "]; give each row once");
                }
                entities.add(entity);
            } catch (RestRequestException e) {
                throw new RestRequestException(e.getStatus(), e.getType(), e.getTitle(), "Item [" + i + "]: "
                        + e.getMessage() + "; nothing was written");
            } catch (InvalidKeyException | InvalidDataAccessApiUsageException e) {
                if (!(NestedExceptionUtils.getMostSpecificCause(e) instanceof InvalidKeyException invalid)) {
                    throw e;
                }
                throw new RestRequestException(HttpStatus.BAD_REQUEST, "invalid-key", "Invalid key", "Item [" + i
                        + "]: " + invalid.getMessage() + "; nothing was written");
            }
        }
        return entities;
    }

    /** Refuses, before the commit sends anything, an item over DynamoDB's limit as it would be written. */
    private void requireItemSizes(List<TransactWriteItem> actions) {
        for (TransactWriteItem action : actions) {
            if (action.put() == null) {
                continue;
            }
            long size = ItemSize.of(action.put().item());
            if (size > MAX_ITEM_BYTES) {
                throw new RestRequestException(policy.validation(), "item-too-large", "Item too large", "The item "
                        + AttributeValues.showKey(keys.codec().primaryKeyFromItem(action.put().item())) + " would be "
                        + size + " bytes as written, over DynamoDB's 400 KB limit (" + MAX_ITEM_BYTES + " bytes); "
                        + "nothing was written");
            }
        }
    }
}
