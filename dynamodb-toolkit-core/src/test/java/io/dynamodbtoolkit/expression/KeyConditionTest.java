package io.dynamodbtoolkit.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.dynamodbtoolkit.DeclarationException;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.AttributeDefinition;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.KeySchemaElement;
import software.amazon.awssdk.services.dynamodb.model.KeyType;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;

class KeyConditionTest {

    private static final IndexKeySchema TABLE = IndexKeySchema.of("table orders",
            List.of(KeyAttribute.of("pk", ScalarAttributeType.S)), List.of(KeyAttribute.of("sk", ScalarAttributeType.S)));
    private static final IndexKeySchema MULTI = IndexKeySchema.of("index matches",
            List.of(KeyAttribute.of("tournament", ScalarAttributeType.S), KeyAttribute.of("region", ScalarAttributeType.S)),
            List.of(KeyAttribute.of("round", ScalarAttributeType.S), KeyAttribute.of("bracket", ScalarAttributeType.S),
                    KeyAttribute.of("score", ScalarAttributeType.N)));

    private final Placeholders placeholders = new Placeholders();

    @Test
    void rendersPartitionOnly() {
        assertThat(KeyCondition.partition("pk", "TX").render(placeholders)).isEqualTo("#n0 = :v0");
        assertThat(placeholders.values()).isEqualTo(Map.of(":v0", AttributeValue.fromS("TX")));
    }

    @Test
    void rendersEverySortClause() {
        KeyCondition base = KeyCondition.partition("pk", "TX");
        assertThat(base.eq("sk", "a").render(placeholders)).isEqualTo("#n0 = :v0 AND #n1 = :v1");
        assertThat(base.beginsWith("sk", "a").render(placeholders)).isEqualTo("#n0 = :v0 AND begins_with(#n1, :v1)");
        assertThat(base.between("sk", "a", "b").render(placeholders)).isEqualTo("#n0 = :v0 AND #n1 BETWEEN :v1 AND :v2");
        assertThat(base.lt("sk", "a").render(placeholders)).isEqualTo("#n0 = :v0 AND #n1 < :v1");
        assertThat(base.le("sk", "a").render(placeholders)).isEqualTo("#n0 = :v0 AND #n1 <= :v1");
        assertThat(base.gt("sk", "a").render(placeholders)).isEqualTo("#n0 = :v0 AND #n1 > :v1");
        assertThat(base.ge("sk", "a").render(placeholders)).isEqualTo("#n0 = :v0 AND #n1 >= :v1");
        assertThat(base.range("sk", SortOperator.BETWEEN, "a", "c"))
                .isEqualTo(base.between("sk", "a", "c"));
    }

    @Test
    void rendersMultiAttributeKeys() {
        KeyCondition condition = KeyCondition.partition("tournament", "W24").andPartition("region", "NA")
                .eq("round", "SEMI").eq("bracket", "UP").gt("score", 10);
        assertThat(condition.render(placeholders))
                .isEqualTo("#n0 = :v0 AND #n1 = :v1 AND #n2 = :v2 AND #n3 = :v3 AND #n4 > :v4");
        condition.validateAgainst(MULTI);
        assertThat(condition.attributes()).containsExactly("tournament", "region", "round", "bracket", "score");
        assertThat(condition.partitionValue("region")).contains(AttributeValue.fromS("NA"));
        assertThat(condition.sortRange()).contains(new KeyCondition.SortRange("score", SortOperator.GT,
                List.of(AttributeValue.fromN("10"))));
        assertThat(condition.withoutSortConditions()).isEqualTo(KeyCondition.partition("tournament", "W24")
                .andPartition("region", "NA"));
        assertThat(condition.toString()).isEqualTo(
                "KeyCondition[tournament = \"W24\" AND region = \"NA\" AND round = \"SEMI\" AND bracket = \"UP\" AND score GT 10]");
    }

    @Test
    void takesTypedValues() {
        KeyCondition condition = KeyCondition.partition("id", 7).between("at", 1.5, 2L);
        condition.render(placeholders);
        assertThat(placeholders.values()).containsEntry(":v0", AttributeValue.fromN("7"))
                .containsEntry(":v1", AttributeValue.fromN("1.5")).containsEntry(":v2", AttributeValue.fromN("2"));
        KeyCondition binary = KeyCondition.partition("id", new byte[] {1}).beginsWith("bin", new byte[] {2});
        assertThat(binary.sortRange().orElseThrow().values()).containsExactly(
                AttributeValue.fromB(SdkBytes.fromByteArray(new byte[] {2})));
    }

    @Test
    void rejectsMissingOrUnusableValues() {
        assertThatThrownBy(() -> KeyCondition.partition("pk", null))
                .isInstanceOf(InvalidKeyConditionException.class)
                .hasMessage("The value for partition attribute 'pk' is null; a Query needs a value for every partition attribute");
        assertThatThrownBy(() -> KeyCondition.partition("pk", "a").eq("sk", null))
                .hasMessage("The value for sort attribute 'sk' is null; give a value or leave the sort attribute unconditioned");
        assertThatThrownBy(() -> KeyCondition.partition("pk", true))
                .hasMessage("Key attribute values are strings, numbers or binaries, but 'pk' got a BOOL (java.lang.Boolean)");
        assertThatThrownBy(() -> KeyCondition.partition("pk", ""))
                .hasMessage("The value for partition attribute 'pk' is empty; DynamoDB key values cannot be empty strings or empty binaries");
        assertThatThrownBy(() -> KeyCondition.partition("pk", Double.NaN))
                .hasMessage("The value for partition attribute 'pk' cannot be used: DynamoDB numbers cannot be NaN or infinite, got NaN");
        assertThatThrownBy(() -> KeyCondition.partition(null, "x"))
                .hasMessage("A key condition needs an attribute name, got null");
    }

    @Test
    void rejectsASecondRangeOrAnEqualityAfterTheRange() {
        KeyCondition ranged = KeyCondition.partition("pk", "TX").beginsWith("sk", "a");
        assertThatThrownBy(() -> ranged.lt("other", "b"))
                .isInstanceOf(InvalidKeyConditionException.class)
                .hasMessage("Cannot add lt on 'other': the range condition BEGINS_WITH on 'sk' is already set,"
                        + " and DynamoDB allows one range condition, on the last conditioned sort attribute. Put equalities"
                        + " (eq) first and the one range condition last");
        assertThatThrownBy(() -> ranged.eq("other", "b"))
                .hasMessageStartingWith("Cannot add eq on 'other': the range condition BEGINS_WITH on 'sk' is already set");
        assertThatThrownBy(() -> ranged.gt("sk", "b"))
                .hasMessage("'sk' is already conditioned in KeyCondition[pk = \"TX\" AND sk BEGINS_WITH \"a\"];"
                        + " a key condition has one condition per key attribute");
    }

    @Test
    void rejectsMoreThanFourAttributesOnASide() {
        KeyCondition four = KeyCondition.partition("p1", "a").andPartition("p2", "a").andPartition("p3", "a")
                .andPartition("p4", "a");
        assertThatThrownBy(() -> four.andPartition("p5", "a"))
                .hasMessage("A key condition has at most 4 partition attributes (DynamoDB's limit for multi-attribute keys);"
                        + " 'p5' would be the fifth");
        KeyCondition fourSorts = four.eq("s1", "a").eq("s2", "a").eq("s3", "a").eq("s4", "a");
        assertThatThrownBy(() -> fourSorts.beginsWith("s5", "a"))
                .hasMessage("A key condition has at most 4 sort attributes (DynamoDB's limit for multi-attribute keys);"
                        + " 's5' would be the fifth");
    }

    @Test
    void rejectsBeginsWithOnANumberAndBadBetweenBounds() {
        KeyCondition base = KeyCondition.partition("pk", "TX");
        assertThatThrownBy(() -> base.beginsWith("sk", 12))
                .hasMessage("begins_with works on string or binary sort keys, but the prefix for 'sk' is the number 12;"
                        + " use between(...) or ge(...) for a numeric range");
        assertThatThrownBy(() -> base.between("sk", 5, 1))
                .hasMessage("BETWEEN on 'sk' needs the low bound first: 5 is greater than 1; swap them");
        assertThatThrownBy(() -> base.between("sk", "a", 1))
                .hasMessage("BETWEEN bounds on 'sk' must have the same type, got S and N");
        assertThatThrownBy(() -> base.range("sk", SortOperator.BETWEEN, "a"))
                .hasMessage("BETWEEN on 'sk' takes 2 value(s), got 1");
        assertThatThrownBy(() -> base.range("sk", null, "a"))
                .hasMessage("A sort condition on 'sk' needs an operator");
    }

    @Test
    void validatesAgainstTheKeySchema() {
        KeyCondition.partition("pk", "TX").beginsWith("sk", "TX|").validateAgainst(TABLE);
        assertThatThrownBy(() -> KeyCondition.partition("sk", "TX").validateAgainst(TABLE))
                .isInstanceOf(InvalidKeyConditionException.class)
                .hasMessage("'sk' is not a partition attribute of table orders (pk); it is a sort attribute: use eq");
        assertThatThrownBy(() -> KeyCondition.partition("pk", 1).validateAgainst(TABLE))
                .hasMessage("Key attribute 'pk' of table orders has type S, but the condition gives a N value 1;"
                        + " convert the value to the attribute's type");
        assertThatThrownBy(() -> KeyCondition.partition("pk", "TX").eq("other", "x").validateAgainst(TABLE))
                .hasMessage("'other' is not a sort attribute of table orders (sk)");
        assertThatThrownBy(() -> KeyCondition.partition("tournament", "W").validateAgainst(MULTI))
                .hasMessage("A Query on index matches needs an equality on every partition attribute (tournament, region);"
                        + " 'region' has none: add andPartition(\"region\", value)");
        IndexKeySchema noSort = IndexKeySchema.of("table plain", List.of(KeyAttribute.of("id", ScalarAttributeType.S)), List.of());
        assertThatThrownBy(() -> KeyCondition.partition("id", "1").eq("x", "1").validateAgainst(noSort))
                .hasMessage("'x' is not a sort attribute of table plain, which has no sort key");
    }

    @Test
    void rejectsGapsAndMisplacedRangesInMultiAttributeSortKeys() {
        KeyCondition partition = KeyCondition.partition("tournament", "W").andPartition("region", "NA");
        assertThatThrownBy(() -> partition.eq("bracket", "UP").validateAgainst(MULTI))
                .hasMessage("The sort key of index matches is (round, bracket, score): its attributes are conditioned left"
                        + " to right with no gap, but 'bracket' is conditioned while 'round' before it is not. Add an"
                        + " equality on 'round' or drop the later condition");
        assertThatThrownBy(() -> partition.eq("round", "S").gt("score", 1).validateAgainst(MULTI))
                .hasMessageStartingWith("The sort key of index matches is (round, bracket, score): its attributes are"
                        + " conditioned left to right with no gap, but 'score' is conditioned while 'bracket' before it is not");
        assertThatThrownBy(() -> partition.eq("bracket", "UP").beginsWith("round", "S").validateAgainst(MULTI))
                .hasMessage("The range condition (BEGINS_WITH) is on 'round', but it may only be on the last conditioned"
                        + " sort attribute of index matches (round, bracket, score); use equalities on the attributes before it");
        partition.eq("bracket", "UP").eq("round", "S").validateAgainst(MULTI);
        assertThatThrownBy(() -> partition.eq("round", "S").eq("bracket", "U").eq("score", "x")
                .validateAgainst(MULTI))
                .hasMessage("Key attribute 'score' of index matches has type N, but the condition gives a S value \"x\";"
                        + " convert the value to the attribute's type");
    }

    @Test
    void buildsSchemasFromSdkKeyElements() {
        IndexKeySchema schema = IndexKeySchema.from("index g", List.of(
                        KeySchemaElement.builder().attributeName("a").keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName("b").keyType(KeyType.HASH).build(),
                        KeySchemaElement.builder().attributeName("c").keyType(KeyType.RANGE).build()),
                List.of(AttributeDefinition.builder().attributeName("a").attributeType(ScalarAttributeType.S).build(),
                        AttributeDefinition.builder().attributeName("b").attributeType(ScalarAttributeType.N).build(),
                        AttributeDefinition.builder().attributeName("c").attributeType(ScalarAttributeType.B).build()));
        assertThat(schema.partitionAttributes()).containsExactly(KeyAttribute.of("a", ScalarAttributeType.S),
                KeyAttribute.of("b", ScalarAttributeType.N));
        assertThat(schema.sortAttributes()).containsExactly(KeyAttribute.of("c", ScalarAttributeType.B));
        assertThat(schema.keyAttribute("c")).contains(KeyAttribute.of("c", ScalarAttributeType.B));
        assertThat(schema.keyAttribute("z")).isEmpty();
        assertThatThrownBy(() -> IndexKeySchema.from("index g",
                List.of(KeySchemaElement.builder().attributeName("a").keyType(KeyType.HASH).build()), List.of()))
                .isInstanceOf(DeclarationException.class)
                .hasMessage("key schema of index g: a: the key attribute has no attribute definition giving its type."
                        + " Fix: add an AttributeDefinition for 'a'");
        assertThatThrownBy(() -> IndexKeySchema.of("t", List.of(), List.of()))
                .hasMessage("key schema of t: partitionAttributes: it has 0 partition attributes. Fix: declare 1 to 4"
                        + " partition attributes");
        assertThatThrownBy(() -> IndexKeySchema.of("t", List.of(KeyAttribute.of("a", ScalarAttributeType.S)),
                List.of(KeyAttribute.of("a", ScalarAttributeType.S))))
                .hasMessage("key schema of t: a: the attribute is named twice. Fix: name each key attribute once");
        assertThatThrownBy(() -> KeyAttribute.of("a", null))
                .hasMessage("KeyAttribute[a].type: the type is missing. Fix: give the key attribute's type: S, N or B");
        assertThatThrownBy(() -> IndexKeySchema.of("t", List.of(KeyAttribute.of("a", ScalarAttributeType.S)),
                List.of(KeyAttribute.of("b", ScalarAttributeType.S), KeyAttribute.of("c", ScalarAttributeType.S),
                        KeyAttribute.of("d", ScalarAttributeType.S), KeyAttribute.of("e", ScalarAttributeType.S),
                        KeyAttribute.of("f", ScalarAttributeType.S))))
                .hasMessage("key schema of t: sortAttributes: it has 5 sort attributes. Fix: declare at most 4 sort"
                        + " attributes");
    }
}
