package io.dynamodbtoolkit.springdata.tasks;

import java.util.List;

import io.dynamodbtoolkit.mass.MassResult;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import io.dynamodbtoolkit.springdata.repository.AllowScan;
import io.dynamodbtoolkit.springdata.repository.HierarchicalRepository;

/** Tasks of the current tenant: the tenant comes from the scope, never from a parameter. */
@AdapterName("tasks")
public interface TaskRepository extends HierarchicalRepository<Task> {

    List<Task> findUnder(String project);

    List<Task> findByProjectAndTaskStartingWith(String project, String prefix);

    @AllowScan
    List<Task> findByDone(boolean done);

    MassResult deleteUnder(String project);
}
