package io.dynamodbtoolkit.sample.web;

import java.net.URI;
import java.util.Map;

import jakarta.servlet.http.HttpServletRequest;
import org.springframework.boot.web.error.ErrorAttributeOptions;
import org.springframework.boot.webmvc.error.ErrorAttributes;
import org.springframework.boot.webmvc.error.ErrorController;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.context.request.ServletWebRequest;

/**
 * The error page as RFC 9457 problem details: errors that reach no controller advice (a filter's
 * {@code sendError}, a failure before a handler was chosen) are answered like every other error of the API, in
 * place of Boot's default error body. A server error's detail says nothing of its cause (the log does).
 */
@RestController
@RequestMapping("${server.error.path:${error.path:/error}}")
public class ProblemDetailsErrorController implements ErrorController {

    private final ErrorAttributes errorAttributes;

    /** @param errorAttributes what Boot records of the error */
    public ProblemDetailsErrorController(ErrorAttributes errorAttributes) {
        this.errorAttributes = errorAttributes;
    }

    /** @return the error as problem details */
    @RequestMapping
    public ResponseEntity<ProblemDetail> error(HttpServletRequest request) {
        Map<String, Object> error = errorAttributes.getErrorAttributes(new ServletWebRequest(request),
                ErrorAttributeOptions.of(ErrorAttributeOptions.Include.MESSAGE, ErrorAttributeOptions.Include.PATH));
        HttpStatus status = HttpStatus.resolve(error.get("status") instanceof Integer code ? code : 500);
        if (status == null) {
            status = HttpStatus.INTERNAL_SERVER_ERROR;
        }
        Object message = error.get("message");
        String detail = status.is5xxServerError() || message == null || message.toString().isBlank()
                ? status.getReasonPhrase() : ClientMessages.safe(message.toString());
        ProblemDetail problem = ProblemDetail.forStatusAndDetail(status, detail);
        if (error.get("path") instanceof String path) {
            problem.setInstance(URI.create(path.replace(" ", "%20")));
        }
        return ResponseEntity.status(status).contentType(MediaType.APPLICATION_PROBLEM_JSON).body(problem);
    }
}
