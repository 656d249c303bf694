// tag::tenant-repository[]
package com.example.cookbook.tenancy;

import java.util.List;

import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

// end::tenant-repository[]
/** Issues, confined to the current tenant by the application's ScopeProvider. */
// tag::tenant-repository[]
@AdapterName("issues")
public interface IssueRepository extends HierarchicalRepository<Issue> {

    /** The issues of a project of the current tenant: the scope supplies the tenant. */
    List<Issue> findUnder(String project);
}
// end::tenant-repository[]
