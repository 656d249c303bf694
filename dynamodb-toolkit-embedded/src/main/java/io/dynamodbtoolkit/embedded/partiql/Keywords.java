package io.dynamodbtoolkit.embedded.partiql;

import java.util.Locale;
import java.util.Set;

/** The PartiQL keywords that cannot be names unless double-quoted. */
final class Keywords {

    private static final Set<String> KEYWORDS = Set.of("SELECT", "FROM", "WHERE", "AND", "OR", "NOT", "BETWEEN", "IN",
            "IS", "MISSING", "NULL", "TRUE", "FALSE", "INSERT", "INTO", "VALUE", "VALUES", "UPDATE", "SET", "REMOVE",
            "DELETE", "RETURNING", "ORDER", "BY", "ASC", "DESC", "EXISTS");

    private Keywords() {
    }

    static boolean isKeyword(PartiqlToken token) {
        return token.type() == PartiqlToken.Type.WORD && KEYWORDS.contains(token.text().toUpperCase(Locale.ROOT));
    }
}
