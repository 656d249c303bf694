package io.dynamodbtoolkit.springweb;

import io.dynamodbtoolkit.key.KeyModel;
import io.dynamodbtoolkit.springdata.core.DynamoDbToolkitTemplate;

/** What the routes of one request to one exported resource work with: the resource, its template and key design. */
abstract class ResourceRoutes {

    protected final ExportedResource resource;
    protected final DynamoDbToolkitTemplate template;
    protected final KeyModel keys;
    protected final EntityBodies bodies;
    protected final RestPolicy policy;
    protected final RequestParameters parameters;
    protected final ResourceRequest request;

    ResourceRoutes(ResourceRequest request) {
        this.request = request;
        this.resource = request.resource();
        this.template = resource.template();
        this.keys = template.getDeclaration().keys();
        this.bodies = request.bodies();
        this.policy = request.policy();
        this.parameters = request.parameters();
    }
}
