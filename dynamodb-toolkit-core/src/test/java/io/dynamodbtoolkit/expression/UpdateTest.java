package io.dynamodbtoolkit.expression;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;

class UpdateTest {

    private final Placeholders placeholders = new Placeholders();

    @Test
    void rendersEveryActionKindInItsClause() {
        Update update = Update.empty()
                .set("name", "Dallas")
                .remove("draft")
                .setIfNotExists("createdAt", 100)
                .increment("visits", 2)
                .decrement(AttributePath.parse("stock.left"), 1)
                .add("tags", Set.of("new"))
                .appendToList("history", List.of("a"))
                .prependToList(AttributePath.parse("recent"), List.of("b"))
                .deleteFromSet("old", Set.of("x"))
                .add("counter", 5);
        assertThat(update.render(placeholders)).isEqualTo("SET #n0 = :v0, #n2 = if_not_exists(#n2, :v1),"
                + " #n3 = if_not_exists(#n3, :v2) + :v3, #n4.#n5 = if_not_exists(#n4.#n5, :v2) - :v4,"
                + " #n7 = list_append(if_not_exists(#n7, :v6), :v7), #n8 = list_append(:v8, if_not_exists(#n8, :v6))"
                + " REMOVE #n1 ADD #n6 :v5, #n10 :v10 DELETE #n9 :v9");
        assertThat(placeholders.values()).containsEntry(":v2", AttributeValue.fromN("0"))
                .containsEntry(":v6", AttributeValue.fromL(List.of()))
                .containsEntry(":v3", AttributeValue.fromN("2"))
                .containsEntry(":v5", AttributeValue.fromSs(List.of("new")));
    }

    @Test
    void isImmutable() {
        Update first = Update.empty().set("a", 1);
        Update second = first.set("b", 2);
        assertThat(first.paths()).containsExactly(AttributePath.of("a"));
        assertThat(second.paths()).containsExactly(AttributePath.of("a"), AttributePath.of("b"));
        assertThat(Update.empty().isEmpty()).isTrue();
        assertThat(first.isEmpty()).isFalse();
        assertThat(first).isEqualTo(Update.empty().set("a", 1)).hasSameHashCodeAs(Update.empty().set("a", 1));
        assertThat(second.toString()).isEqualTo("Update[SET a, SET b]");
    }

    @Test
    void writesNullAsTheNullType() {
        assertThat(Update.empty().set("a", null).render(placeholders)).isEqualTo("SET #n0 = :v0");
        assertThat(placeholders.values()).containsEntry(":v0", AttributeValue.fromNul(true));
    }

    @Test
    void combinesUpdates() {
        Update combined = Update.empty().set("a", 1).with(Update.empty().remove("b"));
        assertThat(combined.render(placeholders)).isEqualTo("SET #n0 = :v0 REMOVE #n1");
    }

    @Test
    void rejectsTwoActionsOnOverlappingPaths() {
        Update update = Update.empty().set("a", 1);
        assertThatThrownBy(() -> update.remove("a"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("The update already has SET a, so it cannot also REMOVE a: DynamoDB rejects two actions on"
                        + " the same or overlapping paths in one update. Combine them into one action or use two requests");
        assertThatThrownBy(() -> update.set(AttributePath.parse("a.b"), 2))
                .hasMessageStartingWith("The update already has SET a, so it cannot also SET a.b:");
        assertThatThrownBy(() -> Update.empty().increment(AttributePath.parse("m[0]"), 1).remove("m"))
                .hasMessageStartingWith("The update already has SET m[0] (increment), so it cannot also REMOVE m:");
        assertThatThrownBy(() -> update.with(Update.empty().add("a", 1)))
                .hasMessageStartingWith("The update already has SET a, so it cannot also ADD a:");
        assertThat(update.set("ab", 2).paths()).hasSize(2);
    }

    @Test
    void rejectsValuesTheActionCannotTake() {
        assertThatThrownBy(() -> Update.empty().add("a", "text"))
                .hasMessage("ADD takes a number or a set, got a S for a; use set(...) to write other values");
        assertThatThrownBy(() -> Update.empty().add("a", new LinkedHashSet<>()))
                .hasMessageStartingWith("DynamoDB rejects empty sets");
        assertThatThrownBy(() -> Update.empty().deleteFromSet("a", Set.of()))
                .hasMessageStartingWith("DynamoDB rejects empty sets");
        assertThatThrownBy(() -> Update.empty().deleteFromSet("a", null))
                .hasMessage("deleteFromSet needs the elements to delete from a, got null");
        assertThatThrownBy(() -> Update.empty().increment("a", null)).hasMessage("increment needs an amount, got null");
        assertThatThrownBy(() -> Update.empty().decrement("a", Double.NaN))
                .hasMessage("DynamoDB numbers cannot be NaN or infinite, got NaN");
        assertThatThrownBy(() -> Update.empty().appendToList("a", null))
                .hasMessage("appendToList needs a list of elements, got null");
        assertThatThrownBy(() -> Update.empty().prependToList("a", null))
                .hasMessage("prependToList needs a list of elements, got null");
        assertThatThrownBy(() -> Update.empty().remove((AttributePath) null))
                .hasMessage("An update action needs an attribute path, got null");
        assertThatThrownBy(() -> Update.empty().render(placeholders))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("An empty Update has no expression; check isEmpty() first");
    }
}
