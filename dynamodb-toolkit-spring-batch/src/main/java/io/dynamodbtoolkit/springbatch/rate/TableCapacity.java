package io.dynamodbtoolkit.springbatch.rate;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.BillingMode;
import software.amazon.awssdk.services.dynamodb.model.OnDemandThroughput;
import software.amazon.awssdk.services.dynamodb.model.TableDescription;

/**
 * The write capacity a share of it is taken from: a provisioned table's write capacity units, or an on-demand table's
 * maximum write request units when one is set (an on-demand table without a maximum has no capacity to take a share
 * of). Read with DescribeTable, which reads no item. One write unit writes one item of up to 1 KB per second, so the
 * share in items per second is exact for items up to 1 KB and generous for larger ones.
 *
 * @param table               the table
 * @param writeUnitsPerSecond the capacity in write units per second (more than 0)
 */
public record TableCapacity(String table, double writeUnitsPerSecond) {

    /**
     * Reads a table's write capacity.
     *
     * @param client    the client
     * @param table     the table
     * @param parameter the job parameter asking for a share of it, for the message
     * @return the capacity
     * @throws IllegalArgumentException naming the parameter when the table is on demand without a maximum
     */
    public static TableCapacity describe(DynamoDbClient client, String table, String parameter) {
        TableDescription description = client.describeTable(request -> request.tableName(table)).table();
        boolean onDemand = description.billingModeSummary() != null
                && description.billingModeSummary().billingMode() == BillingMode.PAY_PER_REQUEST;
        if (!onDemand && description.provisionedThroughput() != null) {
            Long units = description.provisionedThroughput().writeCapacityUnits();
            if (units != null && units > 0) {
                return new TableCapacity(table, units);
            }
        }
        OnDemandThroughput maximum = description.onDemandThroughput();
        if (maximum != null && maximum.maxWriteRequestUnits() != null && maximum.maxWriteRequestUnits() > 0) {
            return new TableCapacity(table, maximum.maxWriteRequestUnits());
        }
        throw new IllegalArgumentException("The job parameter '" + parameter + "' asks for a share of the write "
                + "capacity of table '" + table + "', which is on demand with no maximum write request units: give "
                + "the rate in items per second (e.g. 500), or set the table's on-demand maximum");
    }
}
