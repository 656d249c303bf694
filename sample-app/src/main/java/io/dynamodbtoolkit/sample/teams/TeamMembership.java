package io.dynamodbtoolkit.sample.teams;

import java.time.Instant;

import org.springframework.data.annotation.TypeAlias;

/**
 * An edge: a user is a member of a team. Stored once, under the user; the {@code reverse} index reads it from the
 * team's side.
 *
 * @param src   the user, {@code user#...}
 * @param dst   the team, {@code team#...}
 * @param role  the user's role in the team
 * @param since when the user joined
 */
@TypeAlias("edge")
public record TeamMembership(String src, String dst, String role, Instant since) implements GraphRow {
}
