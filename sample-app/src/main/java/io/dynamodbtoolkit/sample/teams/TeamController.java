package io.dynamodbtoolkit.sample.teams;

import java.time.Clock;
import java.util.List;

import io.dynamodbtoolkit.key.KeyValues;
import io.dynamodbtoolkit.sample.web.NoSuchItemException;
import jakarta.validation.Valid;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/**
 * Team memberships as an adjacency list: one edge item per membership, stored under the user, read from the user's
 * side with a key prefix and from the team's side through the reverse index. Ids in paths are bare ({@code ada});
 * the keys carry the node type ({@code user#ada}).
 */
@RestController
public class TeamController {

    private static final String USER = "user#";
    private static final String TEAM = "team#";

    private final TeamRepository teams;
    private final Clock clock;

    /**
     * @param teams the graph
     * @param clock the time a membership starts
     */
    public TeamController(TeamRepository teams, Clock clock) {
        this.teams = teams;
        this.clock = clock;
    }

    /** @return the teams a user is a member of */
    @GetMapping("/api/users/{user}/teams")
    public List<TeamMembership> teamsOf(@PathVariable String user) {
        node(USER + user);
        return teams.findByPartial(USER + user, TEAM);
    }

    /** @return the members of a team */
    @GetMapping("/api/teams/{team}/members")
    public List<TeamMembership> membersOf(@PathVariable String team) {
        node(TEAM + team);
        return teams.findByDstAndSrcStartingWith(TEAM + team, USER);
    }

    /** Adds a user to a team, or changes the user's role. @return the membership */
    @PutMapping("/api/teams/{team}/members/{user}")
    public TeamMembership join(@PathVariable String team, @PathVariable String user,
            @Valid @RequestBody JoinRequest request) {
        node(USER + user);
        node(TEAM + team);
        return teams.save(new TeamMembership(USER + user, TEAM + team, request.role(), clock.instant()));
    }

    /** Removes a user from a team (nothing happens when the user is not a member). */
    @DeleteMapping("/api/teams/{team}/members/{user}")
    public void leave(@PathVariable String team, @PathVariable String user) {
        teams.deleteById(KeyValues.of("src", USER + user, "dst", TEAM + team));
    }

    private GraphNode node(String id) {
        return teams.findById(KeyValues.of("src", id)).map(GraphNode.class::cast)
                .orElseThrow(() -> new NoSuchItemException(id.replace("#", " ")));
    }
}
