package com.example.cookbook.tenancy;

/**
 * An issue of a tenant's project.
 *
 * @param tenant  the tenant: the partition key
 * @param project the project
 * @param issue   the issue's number, e.g. {@code WEB-12}
 * @param title   what it is about
 */
public record Issue(String tenant, String project, String issue, String title) {
}
