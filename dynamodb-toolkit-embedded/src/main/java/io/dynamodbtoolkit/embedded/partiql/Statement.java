package io.dynamodbtoolkit.embedded.partiql;

import io.dynamodbtoolkit.embedded.engine.ReturnValues;
import io.dynamodbtoolkit.embedded.expression.ParsedCondition;
import io.dynamodbtoolkit.embedded.expression.ParsedProjection;
import io.dynamodbtoolkit.embedded.expression.ParsedUpdateAction;
import io.dynamodbtoolkit.embedded.model.AttributeValue;
import org.jspecify.annotations.Nullable;

import java.util.List;
import java.util.Map;

/** A parsed PartiQL statement, its conditions and updates already in the engine's expression model. */
sealed interface Statement {

    /** The table the statement is about. */
    String table();

    /**
     * {@code SELECT projection FROM table[.index] [WHERE condition] [ORDER BY key [ASC|DESC]]}.
     *
     * @param projection the paths selected, or {@code null} for {@code *}
     * @param where      the condition, or {@code null}
     * @param descending whether ORDER BY asked for descending sort-key order
     * @param orderBy    the attribute ORDER BY names, or {@code null}
     */
    record Select(String table, @Nullable String index, @Nullable ParsedProjection projection,
                  @Nullable ParsedCondition where, @Nullable String orderBy, boolean descending) implements Statement {
    }

    /** {@code INSERT INTO table VALUE {...}}. */
    record Insert(String table, Map<String, AttributeValue> item) implements Statement {
    }

    /** {@code UPDATE table SET ... REMOVE ... WHERE condition [RETURNING ...]}. */
    record Update(String table, List<ParsedUpdateAction> actions, ParsedCondition where, ReturnValues returning)
            implements Statement {
    }

    /** {@code DELETE FROM table WHERE condition [RETURNING ALL OLD *]}. */
    record Delete(String table, ParsedCondition where, ReturnValues returning) implements Statement {
    }

    /** {@code EXISTS(SELECT * FROM table WHERE condition)}: a condition check, in transactions only. */
    record Exists(Select select) implements Statement {
        @Override
        public String table() {
            return select.table();
        }
    }
}
