package io.dynamodbtoolkit.sample.explain;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.sample.web.NoSuchItemException;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import org.springframework.http.HttpStatus;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.server.ResponseStatusException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Runs the query shapes for the demo page, each through its repository method returning an {@code ItemPage}, and
 * returns each page with the method that ran, the key condition it sent and its read statistics.
 */
@RestController
@RequestMapping("/api/explain/shapes")
public class ExplainController {

    private final QueryShapes shapes;
    private final JsonMapper json;

    /**
     * @param shapes the catalogue
     * @param json   the application's JSON mapper, to show the entities of a page as the REST API shows them
     */
    public ExplainController(QueryShapes shapes, JsonMapper json) {
        this.shapes = shapes;
        this.json = json;
    }

    /**
     * @return every shape: id, pattern, question, adapter, index, parameters, whether it is a key seek, the repository
     *         method it runs
     */
    @GetMapping
    public List<QueryShape> shapes() {
        return shapes.all();
    }

    /**
     * Runs a shape.
     *
     * @param id         the shape
     * @param parameters its parameters (see {@link #shapes()}), plus {@code limit} and {@code cursor}
     * @return the page, with the repository method that ran, its key condition and its read statistics
     */
    @GetMapping("/{id}")
    public ExplainedPage run(@PathVariable String id, @RequestParam Map<String, String> parameters,
            @RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit) {
        QueryShape shape = shapes.byId(id).orElseThrow(() -> new NoSuchItemException("query shape " + id));
        List<String> taken = new ArrayList<>(List.of("limit", "cursor"));
        shape.parameters().forEach(parameter -> taken.add(parameter.name()));
        parameters.keySet().stream().filter(name -> !taken.contains(name)).findFirst().ifPresent(name -> {
            throw new ResponseStatusException(HttpStatus.BAD_REQUEST, "Unknown parameter '" + name + "'; query shape "
                    + id + " takes " + String.join(", ", taken));
        });
        Map<String, String> values = new LinkedHashMap<>();
        for (QueryShape.Parameter parameter : shape.parameters()) {
            String value = parameters.get(parameter.name());
            if (value == null || value.isBlank()) {
                throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
                        "Query shape " + id + " needs the parameter '" + parameter.name() + "', e.g. "
                                + parameter.name() + "=" + parameter.example());
            }
            values.put(parameter.name(), value);
        }
        ListOptions options = ListOptions.defaults().withLimit(limit);
        String cursor = parameters.get("cursor");
        if (cursor != null && !cursor.isBlank()) {
            options = options.withCursor(cursor);
        }
        return ExplainedPage.of(shape, shape.read().run(values, options), json);
    }
}
