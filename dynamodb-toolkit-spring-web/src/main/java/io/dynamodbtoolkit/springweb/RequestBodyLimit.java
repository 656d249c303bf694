package io.dynamodbtoolkit.springweb;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Type;

import org.springframework.core.MethodParameter;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpInputMessage;
import org.springframework.http.HttpStatus;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.web.bind.annotation.ControllerAdvice;
import org.springframework.web.servlet.mvc.method.annotation.RequestBodyAdviceAdapter;

/**
 * The REST surface's own cap on request bodies ({@link RestPolicy#maxBodyBytes()}, 1 MB by default as in the
 * original): a body whose {@code Content-Length} is over it is refused before it is read, and one sent without a
 * length stops being read at the cap; both answer 413 as a problem detail ({@code body-too-large}). Applies to the
 * exported resources only.
 */
@ControllerAdvice(assignableTypes = ExportedResourceController.class)
public class RequestBodyLimit extends RequestBodyAdviceAdapter {

    private final RestPolicy policy;

    /** @param policy the policy whose {@code maxBodyBytes} caps bodies */
    public RequestBodyLimit(RestPolicy policy) {
        this.policy = policy;
    }

    @Override
    public boolean supports(MethodParameter parameter, Type targetType,
            Class<? extends HttpMessageConverter<?>> converterType) {
        return true;
    }

    @Override
    public HttpInputMessage beforeBodyRead(HttpInputMessage message, MethodParameter parameter, Type targetType,
            Class<? extends HttpMessageConverter<?>> converterType) throws IOException {
        long max = policy.maxBodyBytes();
        if (message.getHeaders().getContentLength() > max) {
            throw tooLarge(max);
        }
        InputStream body = new CappedStream(message.getBody(), max);
        HttpHeaders headers = message.getHeaders();
        return new HttpInputMessage() {
            @Override
            public InputStream getBody() {
                return body;
            }

            @Override
            public HttpHeaders getHeaders() {
                return headers;
            }
        };
    }

    /** @return the refusal of a body over the cap */
    static RestRequestException tooLarge(long max) {
        return new RestRequestException(HttpStatus.CONTENT_TOO_LARGE, "body-too-large", "Request body too large",
                "The request body is over " + max + " bytes, the most this surface reads; send fewer items a request");
    }

    /** Thrown while a body without a length is read past the cap. */
    static final class BodyTooLargeException extends IOException {

        BodyTooLargeException(long max) {
            super("The request body is over " + max + " bytes");
        }
    }

    /** A body that throws once more than the cap is read. */
    private static final class CappedStream extends FilterInputStream {

        private final long max;
        private long read;

        CappedStream(InputStream in, long max) {
            super(in);
            this.max = max;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(long bytes) throws BodyTooLargeException {
            read += bytes;
            if (read > max) {
                throw new BodyTooLargeException(max);
            }
        }
    }
}
