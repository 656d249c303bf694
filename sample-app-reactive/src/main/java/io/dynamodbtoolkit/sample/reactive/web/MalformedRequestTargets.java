package io.dynamodbtoolkit.sample.reactive.web;

import java.io.ByteArrayOutputStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.ReferenceCountUtil;
import org.springframework.boot.reactor.netty.NettyServerCustomizer;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import reactor.netty.NettyPipeline;
import reactor.netty.http.server.HttpServer;
import tools.jackson.databind.json.JsonMapper;

/**
 * Answers a request whose target no key can come from with a 400 as problem details, in the Netty pipeline, before
 * WebFlux sees the request: a target that is not a URI (a malformed percent escape, {@code /states/T%ZZ}), which
 * Reactor Netty's adapter would answer with a bare 400, and a path or query whose percent escapes are not UTF-8
 * ({@code %C3%28}), which Spring would decode leniently into U+FFFD, so that a key of garbage would be looked up.
 * The connection is closed after the answer (what the client sent after the target is not read).
 */
@Component
public class MalformedRequestTargets implements NettyServerCustomizer {

    private static final String HANDLER_NAME = "sample.malformedRequestTargets";

    private final JsonMapper json;

    /** @param json writes the problem details */
    public MalformedRequestTargets(JsonMapper json) {
        this.json = json;
    }

    @Override
    public HttpServer apply(HttpServer server) {
        return server.doOnChannelInit((observer, channel, address) -> {
            if (channel.pipeline().get(NettyPipeline.HttpCodec) != null) {
                channel.pipeline().addAfter(NettyPipeline.HttpCodec, HANDLER_NAME, new Refusal());
            }
        });
    }

    /**
     * @param target a request target as sent
     * @return why no key can come from it, or empty when it is a URI whose path and query decode as UTF-8
     */
    static Optional<String> problemWith(String target) {
        URI uri;
        try {
            uri = new URI(target);
        } catch (URISyntaxException e) {
            return Optional.of("The request target is not a valid URI (" + e.getReason() + " at index "
                    + e.getIndex() + "): percent-encode '%' as %25");
        }
        for (String part : new String[] {uri.getRawPath(), uri.getRawQuery()}) {
            if (part != null && !decodesAsUtf8(part)) {
                return Optional.of("The request target's percent escapes are not UTF-8: encode each character as "
                        + "the percent escapes of its UTF-8 bytes");
            }
        }
        return Optional.empty();
    }

    /** @return whether the percent escapes of a raw URI part (valid ones: the URI parsed) decode as UTF-8 */
    private static boolean decodesAsUtf8(String raw) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(raw.length());
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                bytes.write(Integer.parseInt(raw, i + 1, i + 3, 16));
                i += 2;
            } else {
                bytes.writeBytes(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        try {
            StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray()));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    /** The pipeline's check of one connection: answers a malformed target, and drops what follows it. */
    private final class Refusal extends ChannelInboundHandlerAdapter {

        private boolean refused;

        @Override
        public void channelRead(ChannelHandlerContext context, Object message) {
            if (message instanceof HttpRequest request) {
                Optional<String> problem = problemWith(request.uri());
                if (problem.isPresent()) {
                    refused = true;
                    ReferenceCountUtil.release(message);
                    context.writeAndFlush(answer(request, problem.get())).addListener(ChannelFutureListener.CLOSE);
                    return;
                }
            } else if (refused && message instanceof HttpContent) {
                ReferenceCountUtil.release(message);
                return;
            }
            context.fireChannelRead(message);
        }

        private FullHttpResponse answer(HttpRequest request, String detail) {
            byte[] body = Problems.json(json, Problems.of(HttpStatus.BAD_REQUEST, "invalid-request-target",
                    "Invalid request target", detail), null);
            FullHttpResponse response = new DefaultFullHttpResponse(request.protocolVersion(),
                    HttpResponseStatus.BAD_REQUEST, Unpooled.wrappedBuffer(body));
            response.headers().set(HttpHeaderNames.CONTENT_TYPE, MediaType.APPLICATION_PROBLEM_JSON_VALUE)
                    .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                    .set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
            return response;
        }
    }
}
