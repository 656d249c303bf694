package io.dynamodbtoolkit.springdata.boards;

/** A row of a board: the board itself or one of its cards. */
public sealed interface BoardRow permits Board, Card {

    /** @return the partition key */
    String board();
}
