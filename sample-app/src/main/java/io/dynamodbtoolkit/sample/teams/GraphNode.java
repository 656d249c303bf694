package io.dynamodbtoolkit.sample.teams;

import org.springframework.data.annotation.TypeAlias;

/**
 * A user or a team.
 *
 * @param src  its id, {@code user#...} or {@code team#...}
 * @param name its display name
 */
@TypeAlias("node")
public record GraphNode(String src, String name) implements GraphRow {
}
