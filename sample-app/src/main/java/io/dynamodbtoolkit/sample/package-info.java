/**
 * The sample application: a Spring Boot application declaring its tables and keys in application.yml, on the
 * embedded engine by default (SampleApplication, SampleConfiguration).
 */
package io.dynamodbtoolkit.sample;
