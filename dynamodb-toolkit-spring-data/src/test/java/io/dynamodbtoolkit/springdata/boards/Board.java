package io.dynamodbtoolkit.springdata.boards;

import org.springframework.data.annotation.TypeAlias;
import org.springframework.data.annotation.Version;

/** A board row: {@code ops}. */
@TypeAlias("board")
public record Board(String board, String title, int openCards, @Version Long version) implements BoardRow {
}
