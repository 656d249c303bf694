package io.dynamodbtoolkit.embedded;

import io.dynamodbtoolkit.embedded.support.EmbeddedServer;
import io.dynamodbtoolkit.embedded.support.RawRequests;
import io.dynamodbtoolkit.embedded.support.TableNames;
import io.dynamodbtoolkit.embedded.support.Tables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;
import software.amazon.awssdk.services.dynamodb.model.ContinuousBackupsDescription;
import software.amazon.awssdk.services.dynamodb.model.ContinuousBackupsStatus;
import software.amazon.awssdk.services.dynamodb.model.DescribeLimitsResponse;
import software.amazon.awssdk.services.dynamodb.model.Endpoint;
import software.amazon.awssdk.services.dynamodb.model.LimitExceededException;
import software.amazon.awssdk.services.dynamodb.model.PointInTimeRecoveryStatus;
import software.amazon.awssdk.services.dynamodb.model.ResourceNotFoundException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.Tag;
import software.amazon.awssdk.services.dynamodb.model.TableNotFoundException;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Tags, DescribeLimits, DescribeEndpoints and DescribeContinuousBackups, through the SDK (and written by hand where
 * the SDK sends no such request).
 */
@EmbeddedServer
class ControlPlaneIT {

    private static Tag tag(String key, String value) {
        return Tag.builder().key(key).value(value).build();
    }

    @Test
    void tagsAreSetAtCreationAddedReplacedListedAndRemoved(DynamoDbClient client, TableNames names) {
        String table = names.next();
        Tables.create(client, table, "pk", ScalarAttributeType.S, null, null,
                b -> b.tags(tag("team", "billing"), tag("env", "test")));
        String arn = client.describeTable(b -> b.tableName(table)).table().tableArn();

        client.tagResource(b -> b.resourceArn(arn).tags(tag("env", "prod"), tag("owner", "ada")));
        assertThat(client.listTagsOfResource(b -> b.resourceArn(arn)).tags())
                .containsExactly(tag("env", "prod"), tag("owner", "ada"), tag("team", "billing"));

        client.untagResource(b -> b.resourceArn(arn).tagKeys("team", "never-set"));
        assertThat(client.listTagsOfResource(b -> b.resourceArn(arn)).tags())
                .containsExactly(tag("env", "prod"), tag("owner", "ada"));
    }

    @Test
    void tagRequestsAreCheckedAsDynamoDbChecksThem(DynamoDbClient client, TableNames names) {
        String table = names.next();
        Tables.create(client, table, "pk", ScalarAttributeType.S, null, null);
        String arn = client.describeTable(b -> b.tableName(table)).table().tableArn();
        String missing = arn + "-missing";

        assertThatThrownBy(() -> client.listTagsOfResource(b -> b.resourceArn(missing)))
                .isInstanceOf(ResourceNotFoundException.class)
                .hasMessageContaining("Requested resource not found: ResourcArn: " + missing + " not found");
        assertThatThrownBy(() -> client.tagResource(b -> b.resourceArn("arn:aws:s3:::bucket").tags(tag("a", "b"))))
                .hasMessageContaining("Invalid TableArn: Invalid ResourceArn provided as input arn:aws:s3:::bucket");
        assertThatThrownBy(() -> client.tagResource(b -> b.resourceArn(arn).tags(List.of())))
                .hasMessageContaining("Atleast one Tag needs to be provided as Input.");
        assertThatThrownBy(() -> client.untagResource(b -> b.resourceArn(arn).tagKeys(List.of())))
                .hasMessageContaining("Atleast one Tag Key needs to be provided as Input.");
        assertThatThrownBy(() -> client.tagResource(b -> b.resourceArn(arn).tags(tag("aws:owner", "x"))))
                .hasMessageContaining("reserved for system use");
        assertThatThrownBy(() -> client.tagResource(b -> b.resourceArn(arn).tags(tag("k".repeat(129), "x"))))
                .hasMessageContaining("Member must have length less than or equal to 128");
        List<Tag> many = new ArrayList<>();
        for (int i = 0; i < 51; i++) {
            many.add(tag("key" + i, "v"));
        }
        assertThatThrownBy(() -> client.tagResource(b -> b.resourceArn(arn).tags(many)))
                .isInstanceOf(LimitExceededException.class);
        assertThat(client.listTagsOfResource(b -> b.resourceArn(arn)).tags()).isEmpty();
    }

    @ParameterizedTest
    @ValueSource(strings = {"TagResource", "UntagResource", "ListTagsOfResource"})
    void aTagRequestWithoutResourceArnIsRefusedAsAnInvalidArn(String operation, EmbeddedDynamoDb dynamo) {
        RawRequests.Answer answer = RawRequests.post(dynamo.endpoint(), operation, "{}");

        assertThat(answer.status()).isEqualTo(400);
        assertThat(answer.body()).contains("ValidationException").contains("Invalid TableArn");
    }

    @Test
    void describeLimitsAnswersDynamoDbsDefaultQuotas(DynamoDbClient client) {
        DescribeLimitsResponse limits = client.describeLimits(b -> { });

        assertThat(limits.accountMaxReadCapacityUnits()).isEqualTo(80_000L);
        assertThat(limits.accountMaxWriteCapacityUnits()).isEqualTo(80_000L);
        assertThat(limits.tableMaxReadCapacityUnits()).isEqualTo(40_000L);
        assertThat(limits.tableMaxWriteCapacityUnits()).isEqualTo(40_000L);
    }

    @Test
    void describeEndpointsNamesTheAddressTheClientUsed(DynamoDbClient client, EmbeddedDynamoDb dynamo) {
        List<Endpoint> endpoints = client.describeEndpoints(b -> { }).endpoints();

        assertThat(endpoints).singleElement().satisfies(endpoint -> {
            assertThat(endpoint.address()).isEqualTo(dynamo.endpoint().getHost() + ":" + dynamo.port());
            assertThat(endpoint.cachePeriodInMinutes()).isEqualTo(1440L);
        });
    }

    @Test
    void continuousBackupsAreEnabledAndPointInTimeRecoveryDisabled(DynamoDbClient client, TableNames names) {
        String table = names.next();
        Tables.create(client, table, "pk", ScalarAttributeType.S, null, null);

        ContinuousBackupsDescription description = client.describeContinuousBackups(b -> b.tableName(table))
                .continuousBackupsDescription();

        assertThat(description.continuousBackupsStatus()).isEqualTo(ContinuousBackupsStatus.ENABLED);
        assertThat(description.pointInTimeRecoveryDescription().pointInTimeRecoveryStatus())
                .isEqualTo(PointInTimeRecoveryStatus.DISABLED);
        assertThatThrownBy(() -> client.describeContinuousBackups(b -> b.tableName(table + "-missing")))
                .isInstanceOf(TableNotFoundException.class).hasMessageContaining("Table not found: " + table + "-missing");
    }
}
