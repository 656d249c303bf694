// tag::team-repository[]
package io.dynamodbtoolkit.sample.teams;

import java.util.List;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

// end::team-repository[]
/** The teams graph: both directions of the user-team edges are key seeks. */
// tag::team-repository[]
@AdapterName("teams")
public interface TeamRepository extends HierarchicalRepository<GraphRow> {

    /** The teams of a user: the user's edges whose target starts with "team#" (begins_with(_sk, "user#ada|team#")). */
    List<TeamMembership> findByPartial(String src, String prefix);

    /** The members of a team: the reverse index, partition dst = team, sort src starting with "user#". */
    List<TeamMembership> findByDstAndSrcStartingWith(String dst, String src);

    /** The teams of a user, a page at a time, with what the page cost. */
    ItemPage<TeamMembership> findByPartial(String src, String prefix, ListOptions options);

    /** The members of a team, a page at a time, with what the index Query cost. */
    ItemPage<TeamMembership> findByDstAndSrcStartingWith(String dst, String src, ListOptions options);
}
// end::team-repository[]
