package io.dynamodbtoolkit.sample.web;

import java.lang.reflect.RecordComponent;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.springframework.core.MethodParameter;
import org.springframework.core.annotation.MergedAnnotations;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.method.HandlerMethod;
import org.springframework.web.servlet.HandlerInterceptor;

/**
 * Refuses, with 400 as problem details, a query parameter the API's handler does not declare (with
 * {@code @RequestParam}, or as a component of a {@code @ModelAttribute} record): a misspelt parameter is never silently
 * ignored. A handler taking all parameters as a map ({@code @RequestParam Map}) checks them itself. A whole-number
 * parameter is ASCII digits only: Spring's conversion would also read {@code 0x10}, {@code +5} and other scripts'
 * digits.
 */
public class KnownQueryParameters implements HandlerInterceptor {

    private static final Pattern WHOLE_NUMBER = Pattern.compile("-?[0-9]{1,18}");

    @Override
    public boolean preHandle(HttpServletRequest request, HttpServletResponse response, Object handler)
            throws Exception {
        if (!(handler instanceof HandlerMethod method)) {
            return true;
        }
        Optional<Map<String, Class<?>>> declared = declared(method);
        if (declared.isEmpty()) {
            return true;
        }
        Map<String, String[]> given;
        try {
            given = request.getParameterMap();
        } catch (IllegalStateException | IllegalArgumentException e) {
            // Tomcat's InvalidParameterException: a %-escape that is not hexadecimal, or bytes that are not UTF-8
            ProblemJson.write(response, HttpServletResponse.SC_BAD_REQUEST, "The query string is not validly "
                    + "percent-encoded UTF-8: write a literal '%' as %25");
            return false;
        }
        for (Map.Entry<String, String[]> parameter : given.entrySet()) {
            String name = parameter.getKey();
            Class<?> type = declared.get().get(name);
            if (type == null) {
                ProblemJson.write(response, HttpServletResponse.SC_BAD_REQUEST, "Unknown parameter '"
                        + abbreviated(name) + "'; " + (declared.get().isEmpty() ? "this route takes none"
                                : "this route takes " + String.join(", ", declared.get().keySet())));
                return false;
            }
            if (isWholeNumber(type) && !Arrays.stream(parameter.getValue())
                    .allMatch(value -> WHOLE_NUMBER.matcher(value).matches())) {
                ProblemJson.write(response, HttpServletResponse.SC_BAD_REQUEST, "The parameter '" + name
                        + "' is a whole number in ASCII digits (0-9)");
                return false;
            }
        }
        return true;
    }

    /**
     * @return the query parameters a handler declares, by name, with their types; empty when it takes them all (a
     *         map)
     */
    private static Optional<Map<String, Class<?>>> declared(HandlerMethod method) {
        Map<String, Class<?>> declared = new LinkedHashMap<>();
        for (MethodParameter parameter : method.getMethodParameters()) {
            if (parameter.hasParameterAnnotation(RequestParam.class)) {
                if (Map.class.isAssignableFrom(parameter.getParameterType())) {
                    return Optional.empty();
                }
                declared.put(name(parameter), parameter.getParameterType());
            } else if (parameter.hasParameterAnnotation(ModelAttribute.class)
                    && parameter.getParameterType().isRecord()) {
                for (RecordComponent component : parameter.getParameterType().getRecordComponents()) {
                    declared.put(component.getName(), component.getType());
                }
            }
        }
        return Optional.of(declared);
    }

    private static boolean isWholeNumber(Class<?> type) {
        return type == int.class || type == long.class || type == Integer.class || type == Long.class;
    }

    private static String abbreviated(String name) {
        return name.length() <= 100 ? name : name.substring(0, 100) + "...";
    }

    private static String name(MethodParameter parameter) {
        RequestParam annotation = MergedAnnotations.from(parameter.getParameterAnnotations())
                .get(RequestParam.class).synthesize();
        return annotation.name().isEmpty() ? parameter.getParameterName() : annotation.name();
    }
}
