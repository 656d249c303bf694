package io.dynamodbtoolkit.springdata.boards;

import java.util.List;
import java.util.Set;

import org.springframework.data.annotation.TypeAlias;
import org.springframework.data.annotation.Version;

/** A card row: {@code ops|c1}, in the sparse index of open cards while its status is {@code OPEN}. */
@TypeAlias("card")
public record Card(String board, String card, String title, int points, List<String> comments, Set<String> tags,
        Status status, @Version Long version) implements BoardRow {

    /** Where a card stands. */
    public enum Status { OPEN, DONE }

    /** @return a new open card with no comments */
    public static Card open(String board, String card, String title) {
        return new Card(board, card, title, 1, List.of(), Set.of("new"), Status.OPEN, null);
    }
}
