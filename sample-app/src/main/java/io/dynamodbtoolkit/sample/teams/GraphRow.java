package io.dynamodbtoolkit.sample.teams;

import com.fasterxml.jackson.annotation.JsonProperty;
import org.springframework.data.annotation.TypeAlias;

/**
 * A row of the teams graph: a node ({@code user#ada}, {@code team#platform}) or an edge from a user to a team
 * ({@code user#ada|team#platform}).
 */
public sealed interface GraphRow permits GraphNode, TeamMembership {

    /** @return the node the row belongs to (the partition key) */
    String src();

    /** @return the row's type label ({@code node} or {@code edge}), in its JSON */
    @JsonProperty("kind")
    default String kind() {
        return getClass().getAnnotation(TypeAlias.class).value();
    }
}
