package io.dynamodbtoolkit.springweb;

import java.util.regex.Pattern;

import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;

/**
 * One adapter exported over HTTP: the name its routes live under, the template every route goes through (its scope,
 * entity callbacks and exception translation apply) and the domain type bodies are read into and written from.
 *
 * @param name       the path segment after the base path
 * @param template   the adapter's template
 * @param domainType the entity class of reads and writes (a sealed type is read and written per tier)
 */
public record ExportedResource(String name, DynamoDbToolkitTemplate template, Class<?> domainType) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._~]*(-[A-Za-z0-9._~]+)*");

    public ExportedResource {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException("The exported name '" + name + "' is not a path segment of letters, "
                    + "digits, '.', '_', '~' and inner '-': rename it");
        }
        if (template == null || domainType == null) {
            throw new IllegalArgumentException("The exported resource '" + name + "' needs a template and a domain "
                    + "type");
        }
    }
}
