package io.dynamodbtoolkit.sample.reactive;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.availability.ApplicationAvailability;
import org.springframework.boot.availability.ReadinessState;
import org.springframework.boot.web.server.context.WebServerInitializedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.Ordered;

/**
 * The sample answers only once it is ready: the web server listens before the application runners have run, so a
 * request that comes while the demo rows are being written is a 503 as problem details (before 2026-12-03 it was
 * served, with an empty list), and once Boot's readiness state is {@code ACCEPTING_TRAFFIC}, after the demo rows are
 * written, the same request gets them.
 */
class ReadinessIT {

    private static final String DALLAS_VEHICLES = "/api/rentals/states/TX/facilities/Dallas/vehicles";

    @Test
    void aRequestBeforeTheDemoRowsAreWrittenIsA503AndOneAfterGetsThem() throws Exception {
        HeldStartUp held = new HeldStartUp();
        AtomicInteger port = new AtomicInteger();
        SpringApplication application = new SpringApplication(ReactiveSampleApplication.class);
        // run from another thread, the application cannot find its main class, whose initializer AOT mode loads
        application.setMainApplicationClass(ReactiveSampleApplication.class);
        application.addInitializers(context -> context.getBeanFactory().registerSingleton("heldStartUp", held));
        application.addListeners((ApplicationListener<WebServerInitializedEvent>) event -> port.set(
                event.getWebServer().getPort()));
        CompletableFuture<ConfigurableApplicationContext> started = CompletableFuture.supplyAsync(
                () -> application.run("--server.port=0"));
        try {
            assertThat(held.entered.await(60, TimeUnit.SECONDS)).as("the runners started").isTrue();
            RawHttp http = new RawHttp(port.get());

            RawHttp.Answer early = http.send("GET", DALLAS_VEHICLES, null, null);

            assertThat(early.isProblem(503)).as(early.toString()).isTrue();
            assertThat(early.body()).contains("not-ready");
            held.release.countDown();
            try (ConfigurableApplicationContext context = started.get(60, TimeUnit.SECONDS)) {
                assertThat(context.getBean(ApplicationAvailability.class).getReadinessState())
                        .isEqualTo(ReadinessState.ACCEPTING_TRAFFIC);
                RawHttp.Answer ready = http.send("GET", DALLAS_VEHICLES, null, null);
                assertThat(ready.status()).as(ready.toString()).isEqualTo(200);
                assertThat(ready.body()).contains("1HGC0001").contains("5YJ30003");
            }
        } finally {
            held.release.countDown();
        }
    }

    /** A runner that runs first and holds the start-up until released: the window before the demo rows. */
    private static final class HeldStartUp implements ApplicationRunner, Ordered {

        private final CountDownLatch entered = new CountDownLatch(1);
        private final CountDownLatch release = new CountDownLatch(1);

        @Override
        public void run(ApplicationArguments args) throws InterruptedException {
            entered.countDown();
            release.await(60, TimeUnit.SECONDS);
        }

        @Override
        public int getOrder() {
            return Ordered.HIGHEST_PRECEDENCE;
        }
    }
}
