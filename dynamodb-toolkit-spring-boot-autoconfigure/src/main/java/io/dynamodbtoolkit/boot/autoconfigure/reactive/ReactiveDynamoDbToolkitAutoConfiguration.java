package io.dynamodbtoolkit.boot.autoconfigure.reactive;

import io.dynamodbtoolkit.boot.autoconfigure.DynamoDbToolkitAutoConfiguration;
import io.dynamodbtoolkit.boot.autoconfigure.embedded.EmbeddedDynamoDbAutoConfiguration;
import io.dynamodbtoolkit.springdata.core.ReactiveDynamoDbToolkitTemplate;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.AnyNestedCondition;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Import;
import org.springframework.core.io.ResourceLoader;
import reactor.core.publisher.Flux;
import software.amazon.awssdk.services.dynamodb.DynamoDbAsyncClient;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * The reactive side of the toolkit, when Reactor and the SDK's asynchronous client are on the class path: the
 * application's {@link DynamoDbAsyncClient} (Spring Cloud AWS 4.1 defines none, so one is built here, talking to
 * the same endpoint, region and credentials as the application's {@link DynamoDbClient}: Spring Cloud AWS's from
 * {@code spring.cloud.aws.*}, or the embedded engine's), and a {@link ReactiveDynamoDbToolkitTemplate} per configured
 * adapter ({@code <adapter>ReactiveTemplate}) on the adapter's template, so with its mapping, scope, callbacks and
 * exception translation. Building the client needs an asynchronous HTTP client: {@code netty-nio-client} (which the
 * DynamoDB client brings along) or {@code aws-crt-client} (taken when present: it spends less CPU per call, see the
 * benchmarks README); with neither, define a {@link DynamoDbAsyncClient} bean.
 */
@AutoConfiguration(after = {DynamoDbToolkitAutoConfiguration.class, EmbeddedDynamoDbAutoConfiguration.class},
        afterName = "io.awspring.cloud.autoconfigure.dynamodb.DynamoDbAutoConfiguration")
@ConditionalOnClass({Flux.class, DynamoDbAsyncClient.class, ReactiveDynamoDbToolkitTemplate.class})
@ConditionalOnBean(DynamoDbClient.class)
@Conditional(ReactiveDynamoDbToolkitAutoConfiguration.AsyncClientAvailable.class)
@Import(ReactiveTemplateRegistrar.class)
public class ReactiveDynamoDbToolkitAutoConfiguration {

    /** The class of the SDK's Netty-based asynchronous HTTP client. */
    static final String NETTY_HTTP_CLIENT = "software.amazon.awssdk.http.nio.netty.NettyNioAsyncHttpClient";

    @Bean(destroyMethod = "close")
    @ConditionalOnMissingBean(DynamoDbAsyncClient.class)
    @Conditional(AsyncHttpClientPresent.class)
    DynamoDbAsyncClient dynamoDbAsyncClient(DynamoDbClient client, ResourceLoader resources) {
        return AsyncClientMirror.of(client, resources.getClassLoader());
    }

    @Bean(ReactiveTemplateRegistrar.FACTORY_BEAN_NAME)
    ReactiveTemplateFactory dynamoDbToolkitReactiveTemplateFactory(ListableBeanFactory beans) {
        return new ReactiveTemplateFactory(beans);
    }

    /** An asynchronous client can be had: the application defines one, or one can be built here. */
    static class AsyncClientAvailable extends AnyNestedCondition {

        AsyncClientAvailable() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @ConditionalOnBean(DynamoDbAsyncClient.class)
        static class Defined {
        }

        @Conditional(AsyncHttpClientPresent.class)
        static class Buildable {
        }
    }

    /** One of the SDK's asynchronous HTTP clients is on the class path: Netty's or the AWS CRT-based one. */
    static class AsyncHttpClientPresent extends AnyNestedCondition {

        AsyncHttpClientPresent() {
            super(ConfigurationPhase.REGISTER_BEAN);
        }

        @ConditionalOnClass(name = NETTY_HTTP_CLIENT)
        static class Netty {
        }

        @ConditionalOnClass(name = AsyncClientMirror.CRT_HTTP_CLIENT)
        static class Crt {
        }
    }
}
