package io.dynamodbtoolkit.embedded;

import io.dynamodbtoolkit.embedded.support.EmbeddedServer;
import io.dynamodbtoolkit.embedded.support.RawRequests;
import io.dynamodbtoolkit.embedded.support.TableNames;
import io.dynamodbtoolkit.embedded.support.Tables;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Binary values arrive base64-encoded; text that is not valid base64 is refused with a SerializationException, as
 * DynamoDB refuses it, and nothing is written (it used to be decoded leniently: {@code "!!!!"} was stored as empty).
 */
@EmbeddedServer
class BinaryEncodingIT {

    private static String table;
    private static String binaryKeyed;

    @BeforeAll
    static void createTables(DynamoDbClient client, TableNames names) {
        table = names.next();
        Tables.create(client, table, "pk", ScalarAttributeType.S, null, null);
        binaryKeyed = names.next();
        Tables.create(client, binaryKeyed, "pk", ScalarAttributeType.B, null, null);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "!!!!     | Invalid Base64 character: '!'",
            "YWJj??!! | Invalid Base64 character: '?'",
            "YW=j     | Invalid Base64 character: '='",
            "YWJjZGVmZ2g | Base64 encoded length is expected a multiple of 4 bytes but found: 11",
            "!!!      | Base64 encoded length is expected a multiple of 4 bytes but found: 3",
            "YWJj\\n  | Base64 encoded length is expected a multiple of 4 bytes but found: 5"})
    void invalidBase64InAnAttributeIsRefusedAndNothingIsWritten(String base64, String message, DynamoDbClient client,
                                                                EmbeddedDynamoDb dynamo) {
        RawRequests.Answer answer = RawRequests.post(dynamo.endpoint(), "PutItem", "{\"TableName\":\"" + table
                + "\",\"Item\":{\"pk\":{\"S\":\"bad\"},\"b\":{\"B\":\"" + base64 + "\"}}}");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.body()).contains("com.amazon.coral.service#SerializationException").contains(message);
        assertThat(client.getItem(b -> b.tableName(table).key(Map.of("pk", Tables.s("bad")))).hasItem()).isFalse();
    }

    @Test
    void invalidBase64IsRefusedInSetsKeysAndExpressionValues(DynamoDbClient client, EmbeddedDynamoDb dynamo) {
        java.net.URI endpoint = dynamo.endpoint();
        RawRequests.Answer inSet = RawRequests.post(endpoint, "PutItem", "{\"TableName\":\"" + table
                + "\",\"Item\":{\"pk\":{\"S\":\"set\"},\"bs\":{\"BS\":[\"YWJj\",\"YW*j\"]}}}");
        RawRequests.Answer inKey = RawRequests.post(endpoint, "GetItem", "{\"TableName\":\"" + binaryKeyed
                + "\",\"Key\":{\"pk\":{\"B\":\"%%%%\"}}}");
        RawRequests.Answer inValues = RawRequests.post(endpoint, "Scan", "{\"TableName\":\"" + table
                + "\",\"FilterExpression\":\"b = :v\",\"ExpressionAttributeValues\":{\":v\":{\"B\":\"ZmVmZQ=!\"}}}");

        assertThat(inSet.body()).contains("SerializationException").contains("Invalid Base64 character: '*'");
        assertThat(inKey.body()).contains("SerializationException").contains("Invalid Base64 character: '%'");
        assertThat(inValues.body()).contains("SerializationException").contains("Invalid Base64 character: '='");
        assertThat(client.getItem(b -> b.tableName(table).key(Map.of("pk", Tables.s("set")))).hasItem()).isFalse();
    }

    @Test
    void validBase64RoundTripsWithPadding(DynamoDbClient client) {
        byte[] bytes = {0, 1, (byte) 0xff, 'a', 'b'};
        client.putItem(b -> b.tableName(binaryKeyed).item(Map.of("pk",
                software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromB(SdkBytes.fromByteArray(bytes)))));

        assertThat(client.scan(b -> b.tableName(binaryKeyed)).items())
                .anySatisfy(item -> assertThat(item.get("pk").b().asByteArray()).containsExactly(bytes));
    }
}
