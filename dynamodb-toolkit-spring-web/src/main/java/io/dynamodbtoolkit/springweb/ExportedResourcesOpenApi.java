package io.dynamodbtoolkit.springweb;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.key.KeyField;
import io.dynamodbtoolkit.key.KeyType;
import io.swagger.v3.core.converter.ModelConverters;
import io.swagger.v3.core.converter.ResolvedSchema;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.Paths;
import io.swagger.v3.oas.models.media.ArraySchema;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.ObjectSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.PathParameter;
import io.swagger.v3.oas.models.parameters.QueryParameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import org.jspecify.annotations.Nullable;
import org.springdoc.core.customizers.OpenApiCustomizer;

/**
 * The OpenAPI description of the exported routes, for springdoc-openapi: per resource the collection's routes, and
 * per depth of its key one path ({@code /rentals/{state}}, {@code /rentals/{state}/{facility}}, ...) with the item's
 * routes and, above the deepest, the subtree reads; bodies are the schema of the class of that depth's tier. Errors are
 * described as {@code application/problem+json}.
 */
public final class ExportedResourcesOpenApi implements OpenApiCustomizer {

    private static final String PROBLEM = "application/problem+json";
    private static final String JSON = "application/json";

    private final ExportedResourceController controller;

    /** @param controller the controller of the exported resources */
    public ExportedResourcesOpenApi(ExportedResourceController controller) {
        this.controller = controller;
    }

    @Override
    public void customise(OpenAPI openApi) {
        if (openApi.getPaths() == null) {
            openApi.setPaths(new Paths());
        }
        String base = controller.getBasePath().endsWith("/") ? controller.getBasePath().substring(0,
                controller.getBasePath().length() - 1) : controller.getBasePath();
        for (ExportedResource resource : controller.getResources().all()) {
            describe(openApi, base + "/" + resource.name(), resource);
        }
    }

    private void describe(OpenAPI openApi, String collection, ExportedResource resource) {
        String tag = resource.name();
        Schema<?> listed = schema(openApi, resource.domainType());
        List<Parameter> listParameters = listParameters(resource.template().getDeclaration().search().fields());
        openApi.getPaths().addPathItem(collection, new PathItem()
                .get(operation(tag, "List " + tag + ": a Scan, or a key seek within the current scope", listParameters)
                        .responses(ok(envelope(listed))))
                .post(operation(tag, "Create an item", List.of()).requestBody(body(listed))
                        .responses(responses("201", "Created", listed)))
                .delete(operation(tag, "Delete every match within the current scope", List.of())
                        .responses(ok(new ObjectSchema()))));
        openApi.getPaths().addPathItem(collection + "/-by-names", new PathItem()
                .get(operation(tag, "Read items by names (key paths)", List.of(names()))
                        .responses(ok(new ObjectSchema().addProperty("data", new ArraySchema().items(listed)))))
                .delete(operation(tag, "Delete items by names", List.of(names())).responses(ok(new ObjectSchema()))));
        openApi.getPaths().addPathItem(collection + "/-load", new PathItem()
                .put(operation(tag, "Save an array of items", List.of())
                        .requestBody(body(new ArraySchema().items(listed))).responses(ok(new ObjectSchema()))));
        for (String mass : new String[] {"clone", "move"}) {
            openApi.getPaths().addPathItem(collection + "/-" + mass, new PathItem()
                    .put(operation(tag, "Every match of the list (scope, filter) " + (mass.equals("clone") ? "copied"
                            : "moved") + " with the body laid over it (new key field values); maxItems, cursor",
                            massParameters()).requestBody(body(new ObjectSchema())).responses(ok(new ObjectSchema()))));
        }
        List<KeyField> fields = resource.template().getDeclaration().keys().keyFields();
        StringBuilder path = new StringBuilder(collection);
        List<Parameter> keyParameters = new ArrayList<>();
        for (int depth = 1; depth <= fields.size(); depth++) {
            KeyField field = fields.get(depth - 1);
            path.append("/{").append(field.name()).append('}');
            keyParameters.add(new PathParameter().name(field.name()).required(true).schema(keySchema(field)));
            Class<?> tier = resource.template().getTierClasses(resource.domainType()).classesAtDepths(depth, depth)
                    .iterator().next();
            Schema<?> item = schema(openApi, tier);
            List<Parameter> keys = List.copyOf(keyParameters);
            openApi.getPaths().addPathItem(path.toString(), new PathItem()
                    .get(operation(tag, "Read the item (ETag: its version)", keys).responses(ok(item)))
                    .put(operation(tag, "Replace the item (force=true: create or replace); If-Match", keys)
                            .requestBody(body(item)).responses(ok(item)))
                    .patch(operation(tag, "Patch the item: fields to set, _delete: [fields]; If-Match", keys)
                            .requestBody(body(new ObjectSchema())).responses(ok(item)))
                    .delete(operation(tag, "Delete the item; If-Match", keys)
                            .responses(responses("204", "Deleted", null))));
            if (depth < fields.size()) {
                for (String shape : new String[] {"under", "self-and-under", "partial"}) {
                    openApi.getPaths().addPathItem(path + "/-" + shape, new PathItem()
                            .get(operation(tag, "Read the subtree (" + shape + "), in key order", concat(keys,
                                    listParameters)).responses(ok(envelope(listed)))));
                }
            }
        }
    }

    private static Schema<?> schema(OpenAPI openApi, Class<?> type) {
        ResolvedSchema resolved = ModelConverters.getInstance().readAllAsResolvedSchema(type);
        if (resolved == null || resolved.schema == null) {
            return new ObjectSchema();
        }
        if (resolved.referencedSchemas != null) {
            resolved.referencedSchemas.forEach((name, schema) -> openApi.schema(name, schema));
        }
        openApi.schema(type.getSimpleName(), resolved.schema);
        return new Schema<>().$ref("#/components/schemas/" + type.getSimpleName());
    }

    private static Schema<?> keySchema(KeyField field) {
        return field.type() == KeyType.NUMBER ? new IntegerSchema() : new StringSchema();
    }

    private static Schema<?> envelope(Schema<?> items) {
        return new ObjectSchema().addProperty("data", new ArraySchema().items(items))
                .addProperty("limit", new IntegerSchema()).addProperty("total", new IntegerSchema())
                .addProperty("links", new ObjectSchema().addProperty("next", new StringSchema()));
    }

    private static List<Parameter> massParameters() {
        return List.of(query("maxItems", "The most rows this request reads (the policy's maximum)",
                new IntegerSchema()),
                query("cursor", "The cursor of the previous run (links.next)", new StringSchema()));
    }

    /** @param searchable the resource's searchable fields: {@code search} is described where there are some */
    private static List<Parameter> listParameters(List<String> searchable) {
        List<Parameter> parameters = new ArrayList<>(List.of(
                query("limit", "Items per page (the policy's default and maximum)", new IntegerSchema()),
                query("cursor", "The cursor of the previous page (links.next)", new StringSchema()),
                query("fields", "Fields to read, comma-separated; *keys for the key fields", new StringSchema()),
                query("sort", "A key field, - first for descending (key seeks only)", new StringSchema()),
                query("total", "Count every match too", new StringSchema())));
        if (!searchable.isEmpty()) {
            parameters.add(query("search", "A case-insensitive substring of any of " + String.join(", ", searchable)
                    + " (at most " + ListRequest.MAX_SEARCH_LENGTH + " characters)", new StringSchema()));
        }
        return parameters;
    }

    private static Parameter names() {
        return query("names", "Keys, comma-separated, each a key path (TX/Dallas)", new StringSchema()).required(true);
    }

    private static Parameter query(String name, String description, Schema<?> schema) {
        return new QueryParameter().name(name).description(description).schema(schema);
    }

    private static List<Parameter> concat(List<Parameter> first, List<Parameter> second) {
        List<Parameter> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }

    private static Operation operation(String tag, String summary, List<Parameter> parameters) {
        return new Operation().addTagsItem(tag).summary(summary).parameters(new ArrayList<>(parameters));
    }

    private static RequestBody body(Schema<?> schema) {
        return new RequestBody().required(true).content(new Content().addMediaType(JSON,
                new MediaType().schema(schema)));
    }

    private static ApiResponses ok(Schema<?> schema) {
        return responses("200", "OK", schema);
    }

    private static ApiResponses responses(String status, String description, @Nullable Schema<?> schema) {
        ApiResponse success = new ApiResponse().description(description);
        if (schema != null) {
            success.content(new Content().addMediaType(JSON, new MediaType().schema(schema)));
        }
        ApiResponses responses = new ApiResponses().addApiResponse(status, success);
        for (Map.Entry<String, String> error : Map.of("400", "Malformed request", "403", "Outside the caller's scope",
                "404", "No such item or route", "409", "Taken key, failed condition, version conflict, or rows under "
                + "an item deleted or moved alone", "412",
                "If-Match does not hold", "422", "A body that does not fit").entrySet()) {
            responses.addApiResponse(error.getKey(), new ApiResponse().description(error.getValue())
                    .content(new Content().addMediaType(PROBLEM, new MediaType().schema(new ObjectSchema()))));
        }
        return responses;
    }
}
