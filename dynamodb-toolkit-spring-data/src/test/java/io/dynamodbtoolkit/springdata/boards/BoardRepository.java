package io.dynamodbtoolkit.springdata.boards;

import java.util.List;
import java.util.Set;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** Boards and cards, with atomic updates derived from their names. */
@AdapterName(Boards.ADAPTER)
public interface BoardRepository extends HierarchicalRepository<BoardRow> {

    /** @return the card after adding to its points (one UpdateItem, no read) */
    Card incrementPoints(KeyValues card, int by);

    /** Adds to a board's count of open cards. */
    void incrementOpenCards(KeyValues board, int by);

    /** Appends comments to a card. */
    void appendComments(KeyValues card, List<String> comments);

    /** @return the card after adding tags */
    Card addToTags(KeyValues card, Set<String> tags);

    /** Removes tags from a card. */
    void removeFromTags(KeyValues card, Set<String> tags);
}
