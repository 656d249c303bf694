package io.dynamodbtoolkit.springweb;

import java.lang.reflect.Type;
import java.util.stream.Collectors;

import org.jspecify.annotations.Nullable;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.core.exc.StreamReadException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.MapperFeature;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.exc.UnrecognizedPropertyException;
import tools.jackson.databind.type.LogicalType;

/**
 * The JSON of request bodies, read strictly with a copy of the application's mapper (its modules and settings; the
 * application's own mapper is not changed): a field named twice, a field the target class does not have (unless the
 * policy ignores unknown fields) and a value of another shape than its field's type (a number or boolean for a string,
 * a string for a number or boolean, a fraction for an integer, an array or object for a scalar) are refused with the
 * policy's validation status, naming the field; malformed JSON is a 400. Fractions are read as {@code BigDecimal}, so
 * that {@code 49.90} reaches a decimal field digit for digit.
 */
final class StrictJson {

    /** How Jackson's parser words a field named twice in one object (its only sign of that failure). */
    private static final String DUPLICATE_FIELD = "Duplicate Object property";

    private final ObjectMapper mapper;
    private final RestPolicy policy;

    /**
     * @param application the application's JSON mapper
     * @param policy      the policy (the validation status, whether unknown fields are ignored)
     */
    StrictJson(ObjectMapper application, RestPolicy policy) {
        this.policy = policy;
        this.mapper = application.rebuild()
                .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
                .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
                .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
                .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, !policy.unknownFieldsIgnored())
                .disable(MapperFeature.ALLOW_COERCION_OF_SCALARS)
                .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
                .disable(DeserializationFeature.ACCEPT_SINGLE_VALUE_AS_ARRAY)
                .disable(DeserializationFeature.UNWRAP_SINGLE_VALUE_ARRAYS)
                .withCoercionConfig(LogicalType.Textual, text -> text
                        .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
                        .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
                .build();
    }

    /**
     * @param body        the request body's bytes, or null when it has none
     * @param contentType the request's {@code Content-Type}
     * @return the body as plain JSON values (a map, a list, a string, a number, a boolean), or null when it is empty
     * @throws RestRequestException 415 for a body that is not JSON, 400 for malformed JSON, the validation status for
     *                              an object naming a field twice
     */
    @Nullable Object read(byte[] body, String contentType) {
        if (body == null || body.length == 0) {
            return null;
        }
        requireJson(contentType);
        try {
            return mapper.readValue(body, Object.class);
        } catch (StreamReadException e) {
            String reason = firstLine(e.getOriginalMessage());
            if (reason.startsWith(DUPLICATE_FIELD)) {
                throw invalid("The body names a field twice: " + reason.substring(DUPLICATE_FIELD.length()).trim()
                        + "; give each field once");
            }
            throw RestRequestException.badRequest("The body is not valid JSON: " + KeyPaths.abbreviated(reason));
        } catch (JacksonException e) {
            throw RestRequestException.badRequest("The body is not valid JSON: "
                    + KeyPaths.abbreviated(firstLine(e.getOriginalMessage())));
        }
    }

    /**
     * @param value plain JSON values (as {@link #read} gives them, or an entity's fields)
     * @param type  the type to bind them to
     * @param field the name of the field the value is of, for the message, or null for a whole body
     * @return the value of that type
     * @throws RestRequestException the validation status, naming the field that does not fit
     */
    Object bind(Object value, Type type, @Nullable String field) {
        try {
            return mapper.convertValue(value, mapper.constructType(type));
        } catch (JacksonException | IllegalArgumentException e) {
            throw refusal(e, field);
        }
    }

    /** @return the refusal of a body, with the policy's validation status */
    RestRequestException invalid(String detail) {
        return new RestRequestException(policy.validation(), "invalid-body", "Invalid request body", detail);
    }

    private RestRequestException refusal(RuntimeException e, @Nullable String field) {
        Throwable cause = e instanceof IllegalArgumentException && e.getCause() instanceof JacksonException jackson
                ? jackson : e;
        if (cause instanceof UnrecognizedPropertyException unknown) {
            return invalid("'" + KeyPaths.abbreviated(unknown.getPropertyName()) + "' is not a field of "
                    + unknown.getReferringClass().getSimpleName() + " (its fields: "
                    + unknown.getKnownPropertyIds().stream().map(String::valueOf).sorted()
                            .collect(Collectors.joining(", "))
                    + "); send only its fields");
        }
        String path = cause instanceof JacksonException jackson ? path(jackson, field) : field;
        String reason = cause instanceof JacksonException jackson ? jackson.getOriginalMessage() : cause.getMessage();
        return invalid((path == null || path.isEmpty() ? "The body" : "The field '" + path + "'")
                + " does not fit its type: " + KeyPaths.abbreviated(readable(reason)));
    }

    /** @return the path of the field that failed: {@code seats}, {@code tags[1].name} */
    private static String path(JacksonException e, @Nullable String field) {
        StringBuilder path = new StringBuilder(field == null ? "" : field);
        for (JacksonException.Reference reference : e.getPath()) {
            if (reference.getPropertyName() != null) {
                path.append(path.isEmpty() ? "" : ".").append(reference.getPropertyName());
            } else if (reference.getIndex() >= 0) {
                path.append('[').append(reference.getIndex()).append(']');
            }
        }
        return path.toString();
    }

    /** @return Jackson's reason without its class names, backticks and hints about coercion settings */
    private static String readable(@Nullable String reason) {
        return firstLine(reason).replaceAll(" \\(but (could|might) if [^)]*\\)", "").replaceAll("\\(class [^)]*\\)", "")
                .replace("`", "").replaceAll("\\btools\\.jackson\\.[\\w.$]+", "").replaceAll("java\\.lang\\.", "")
                .trim();
    }

    private static String firstLine(@Nullable String text) {
        if (text == null) {
            return "";
        }
        int newline = text.indexOf('\n');
        return newline > 0 ? text.substring(0, newline) : text;
    }

    private static void requireJson(String contentType) {
        MediaType type;
        try {
            type = contentType == null ? null : MediaType.parseMediaType(contentType);
        } catch (InvalidMediaTypeException e) {
            type = null;
        }
        boolean json = type != null && !type.isWildcardType() && !type.isWildcardSubtype()
                && (MediaType.APPLICATION_JSON.equalsTypeAndSubtype(type) || type.getSubtype().endsWith("+json"));
        if (!json) {
            throw new RestRequestException(HttpStatus.UNSUPPORTED_MEDIA_TYPE, "unsupported-media-type",
                    "Unsupported media type", "The body must be JSON (Content-Type: application/json), not "
                            + (contentType == null ? "untyped" : "'" + KeyPaths.abbreviated(contentType) + "'"));
        }
    }
}
