package io.dynamodbtoolkit.sample.explain;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
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

/**
 * Runs the query shapes for the demo page through the adapters (the auto-configuration registers one
 * {@code Adapter} bean per adapter), returning each page with its key condition and read statistics, which the
 * repositories' windows do not carry.
 */
@RestController
@RequestMapping("/api/explain/shapes")
public class ExplainController {

    private final QueryShapes shapes;
    private final Map<String, Adapter<Map<String, Object>>> adapters;

    /**
     * @param shapes   the catalogue
     * @param adapters the application's adapters by bean name
     */
    public ExplainController(QueryShapes shapes, Map<String, Adapter<Map<String, Object>>> adapters) {
        this.shapes = shapes;
        this.adapters = adapters;
    }

    /** @return every shape: id, pattern, question, adapter, parameters, whether it is a key seek, repository method */
    @GetMapping
    public List<QueryShape> shapes() {
        return shapes.all();
    }

    /**
     * Runs a shape.
     *
     * @param id         the shape
     * @param parameters its parameters (see {@link #shapes()}), plus {@code limit} and {@code cursor}
     * @return the page, with its key condition and read statistics
     */
    @GetMapping("/{id}")
    public ExplainedPage run(@PathVariable String id, @RequestParam Map<String, String> parameters,
            @RequestParam(defaultValue = "20") @Min(1) @Max(100) int limit) {
        QueryShape shape = shapes.byId(id).orElseThrow(() -> new NoSuchItemException("query shape " + id));
        Map<String, String> values = new LinkedHashMap<>();
        for (QueryShape.Parameter parameter : shape.parameters()) {
            String value = parameters.get(parameter.name());
            if (value != null && !value.isBlank()) {
                values.put(parameter.name(), value);
            } else if (parameter.required()) {
                throw new ResponseStatusException(HttpStatus.BAD_REQUEST,
                        "Query shape " + id + " needs the parameter '" + parameter.name() + "', e.g. "
                                + parameter.name() + "=" + parameter.example());
            }
        }
        ListOptions options = ListOptions.defaults().withLimit(limit);
        String cursor = parameters.get("cursor");
        if (cursor != null && !cursor.isBlank()) {
            options = options.withCursor(cursor);
        }
        Adapter<Map<String, Object>> adapter = adapters.get(shape.adapter());
        return ExplainedPage.of(shape, adapter.table(), shape.read().run(adapter, values, options));
    }
}
