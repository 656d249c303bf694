package io.dynamodbtoolkit.sample.teams;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;

/**
 * A row of the teams graph: a node ({@code user#ada}, {@code team#platform}) or an edge from a user to a team
 * ({@code user#ada|team#platform}). The JSON of a row names its kind.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({@JsonSubTypes.Type(value = GraphNode.class, name = "node"),
        @JsonSubTypes.Type(value = Membership.class, name = "edge")})
public sealed interface GraphRow permits GraphNode, Membership {

    /** @return the node the row belongs to (the partition key) */
    String src();
}
