package io.dynamodbtoolkit.embedded.engine;

import java.util.Map;

/**
 * Everything about a table except its items: what a snapshot or a log keeps to rebuild it.
 *
 * @param definition  key, attributes, indexes, billing, id and creation time
 * @param timeToLive  the time-to-live setting
 * @param tags        the tags, by key
 * @param stream      the stream setting (a rebuilt table gets a new stream with this view type)
 */
public record TableMetadata(EngineTableDefinition definition, TimeToLive timeToLive, Map<String, String> tags,
                            StreamSpecification stream) {

    public TableMetadata {
        tags = Map.copyOf(tags);
    }
}
