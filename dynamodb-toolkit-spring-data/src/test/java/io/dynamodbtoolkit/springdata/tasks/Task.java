package io.dynamodbtoolkit.springdata.tasks;

import java.util.ArrayList;
import java.util.List;

import org.springframework.data.annotation.Transient;

/** A plain mutable class (no record, no AWS annotations) stored per tenant: tenant > project > task. */
public class Task {

    private String tenant;
    private String project;
    private String task;
    private String title;
    private boolean done;
    private List<String> labels = new ArrayList<>();
    @Transient
    private String displayName;

    /** For the mapping. */
    public Task() {
    }

    /** @return a task of the current tenant (filled in by the scope) */
    public static Task of(String project, String task, String title) {
        Task created = new Task();
        created.project = project;
        created.task = task;
        created.title = title;
        created.displayName = project + "/" + task;
        return created;
    }

    public String getTenant() {
        return tenant;
    }

    public void setTenant(String tenant) {
        this.tenant = tenant;
    }

    public String getProject() {
        return project;
    }

    public void setProject(String project) {
        this.project = project;
    }

    public String getTask() {
        return task;
    }

    public void setTask(String task) {
        this.task = task;
    }

    public String getTitle() {
        return title;
    }

    public void setTitle(String title) {
        this.title = title;
    }

    public boolean isDone() {
        return done;
    }

    public void setDone(boolean done) {
        this.done = done;
    }

    public List<String> getLabels() {
        return labels;
    }

    public void setLabels(List<String> labels) {
        this.labels = labels;
    }

    public String getDisplayName() {
        return displayName;
    }
}
