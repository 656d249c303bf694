package io.dynamodbtoolkit.sample.teams;

import jakarta.validation.constraints.NotBlank;

/**
 * A user joining a team.
 *
 * @param role the user's role in the team
 */
public record JoinRequest(@NotBlank String role) {
}
