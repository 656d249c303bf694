package io.dynamodbtoolkit.key;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;

import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class SubtreeQueryTest {

    private final KeyModel rentals = KeyModel.builder()
            .keyFields("state", "facility", "vin").structuralKey("_sk").technicalPrefix("_").build();

    @Test
    void childrenEndWithTheSeparatorSoTheNodeItselfIsExcluded() {
        SubtreePlan plan = SubtreeQuery.children(KeyValues.of("state", "TX", "facility", "Dallas")).plan(rentals);

        assertThat(plan.partitionName()).isEqualTo("state");
        assertThat(plan.partitionValue()).isEqualTo(AttributeValue.fromS("TX"));
        assertThat(plan.sortName()).isEqualTo("_sk");
        assertThat(plan.sortPrefix()).isEqualTo("TX|Dallas|");
        assertThat(plan.self()).isEmpty();
    }

    @Test
    void selfAndDescendantsReadsTheNodeByKeyAndTheChildrenByPrefix() {
        SubtreePlan plan = SubtreeQuery.selfAndDescendants(KeyValues.of("state", "TX", "facility", "Dallas"))
                .plan(rentals);

        assertThat(plan.sortPrefix()).isEqualTo("TX|Dallas|");
        assertThat(plan.self()).contains(Map.of("state", AttributeValue.fromS("TX"),
                "_sk", AttributeValue.fromS("TX|Dallas")));
    }

    @Test
    void partialNarrowsTheNextTier() {
        assertThat(SubtreeQuery.partial(KeyValues.of("state", "TX"), "Dal").plan(rentals).sortPrefix())
                .isEqualTo("TX|Dal");
        assertThat(SubtreeQuery.partial(KeyValues.of("state", "TX"), "facility", "Dal").plan(rentals).sortPrefix())
                .isEqualTo("TX|Dal");
    }

    @Test
    void partialOnAPlainStringSortKeyIsABeginsWith() {
        KeyModel graph = KeyModel.builder().keyFields("src", "dst").build();

        SubtreePlan plan = SubtreeQuery.partial(KeyValues.of("src", "user#42"), "team#").plan(graph);

        assertThat(plan.sortName()).isEqualTo("dst");
        assertThat(plan.sortPrefix()).isEqualTo("team#");
    }

    @Test
    void childrenOfAPartitionOnlyKeyIsTheWholePartition() {
        KeyModel flat = KeyModel.builder().keyFields("docId").build();

        SubtreePlan plan = SubtreeQuery.children(KeyValues.of("docId", "d1")).plan(flat);

        assertThat(plan.sortName()).isNull();
        assertThat(plan.sortPrefix()).isNull();
    }

    @Test
    void rejectsAPartialTogetherWithTheNextTiersValue() {
        assertThatThrownBy(() -> SubtreeQuery.partial(KeyValues.of("state", "TX", "facility", "Dallas"),
                "facility", "Ma").plan(rentals))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("Both a value and a partial prefix are given for 'facility': that is ambiguous. Drop "
                        + "the value to match by prefix, or drop the partial to match the value exactly.");
    }

    @Test
    void rejectsAPartialWhoseTierIsNotNext() {
        assertThatThrownBy(() -> SubtreeQuery.partial(KeyValues.of("state", "TX"), "vin", "1H").plan(rentals))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("A partial prefix for 'vin' needs the values of every tier before it, but 'facility' "
                        + "is missing.");
        assertThatThrownBy(() -> SubtreeQuery.partial(KeyValues.of("state", "TX", "facility", "D", "vin", "1"),
                "x").plan(rentals))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("A partial prefix needs a tier after 'vin', but it is the last key field.");
    }

    @Test
    void rejectsSelfAndPartialOnASingleFieldKey() {
        KeyModel flat = KeyModel.builder().keyFields("docId").build();

        assertThatThrownBy(() -> SubtreeQuery.selfAndDescendants(KeyValues.of("docId", "d1")).plan(flat))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessageStartingWith("'self and descendants' needs a hierarchical key, but KeyModel[docId] has "
                        + "no structural key");
        assertThatThrownBy(() -> SubtreeQuery.partial(KeyValues.of("docId", "d1"), "x").plan(flat))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("A partial prefix needs a tier after 'docId', but it is the last key field.");
    }

    @Test
    void rejectsAMissingPartitionValue() {
        assertThatThrownBy(() -> SubtreeQuery.children(KeyValues.empty()).plan(rentals))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessage("A value for the partition key field 'state' is required: DynamoDB can only seek "
                        + "within one partition.");
        assertThatThrownBy(() -> SubtreeQuery.children(KeyValues.of("facility", "Dallas")).plan(rentals))
                .isInstanceOf(InvalidKeyException.class)
                .hasMessageStartingWith("Key values have a gap: 'state' is missing but 'facility' is given.");
    }
}
