package io.dynamodbtoolkit.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterOptions;
import io.dynamodbtoolkit.adapter.Hooks;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterBeanRegistrar;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterCustomizer;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterDeclarations;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.AdapterFactory;
import io.dynamodbtoolkit.boot.autoconfigure.adapter.EntityUniqueFields;
import io.dynamodbtoolkit.boot.autoconfigure.properties.AdapterProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.boot.autoconfigure.properties.KeyFieldProperties;
import io.dynamodbtoolkit.boot.autoconfigure.embedded.EmbeddedDynamoDbAutoConfiguration;
import io.dynamodbtoolkit.cursor.CursorCodec;
import io.dynamodbtoolkit.cursor.CursorState;
import io.dynamodbtoolkit.cursor.InvalidCursorException;
import io.dynamodbtoolkit.provision.TableProvisioner;
import io.dynamodbtoolkit.test.DynamoDbEndpoint;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.core.annotation.Order;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** Conditions, back-offs and options of the core auto-configuration. */
@ExtendWith(OutputCaptureExtension.class)
class DynamoDbToolkitAutoConfigurationIT {

    private static final String RENTALS = "dynamodb.toolkit.adapters.rentals";

    private final ApplicationContextRunner runner = ToolkitRunners.toolkit().withPropertyValues(
            RENTALS + ".key-fields=state,facility,vin", RENTALS + ".structural-key=_sk");

    @Test
    void withoutAdaptersTheSupportingBeansStillExist() {
        ToolkitRunners.toolkit().run(context -> assertThat(context).hasNotFailed()
                .hasSingleBean(AdapterOptions.class).hasSingleBean(AdapterDeclarations.class)
                .hasSingleBean(TableProvisioner.class).doesNotHaveBean(Adapter.class));
    }

    @Test
    void backsOffWithoutTheCoreOnTheClasspath() {
        runner.withClassLoader(new FilteredClassLoader(Adapter.class))
                .run(context -> assertThat(context).hasNotFailed().doesNotHaveBean(AdapterOptions.class)
                        .doesNotHaveBean("rentals"));
    }

    @Test
    void anApplicationBeanOfTheSameNameReplacesTheConfiguredAdapter() {
        runner.withBean("rentals", String.class, () -> "mine")
                .run(context -> assertThat(context).hasNotFailed().getBean("rentals").isEqualTo("mine"));
    }

    @Test
    void backsOffForApplicationOptionsAndProvisioner() {
        AdapterOptions options = AdapterOptions.defaults();
        try (DynamoDbClient client = DynamoDbEndpoint.shared().newClient()) {
            TableProvisioner provisioner = TableProvisioner.of(client);
            runner.withBean(AdapterOptions.class, () -> options).withBean(TableProvisioner.class, () -> provisioner)
                    .run(context -> {
                        assertThat(context).hasNotFailed();
                        assertThat(context.getBean(AdapterOptions.class)).isSameAs(options);
                        assertThat(context.getBean(TableProvisioner.class)).isSameAs(provisioner);
                    });
        }
    }

    @Test
    void backsOffForTheApplicationsDeclarationsFactoryAndProvisioning() {
        AdapterDeclarations declarations = new AdapterDeclarations(new DynamoDbToolkitProperties(), List.of(),
                new DefaultListableBeanFactory(), EntityUniqueFields.NONE);
        AdapterDeclarations own = new AdapterDeclarations(propertiesOf("own-", "rentals", "state"), List.of(),
                new DefaultListableBeanFactory(), EntityUniqueFields.NONE);
        try (DynamoDbClient client = DynamoDbEndpoint.shared().newClient()) {
            runner.withBean(AdapterDeclarations.class, () -> declarations)
                    .withBean(AdapterBeanRegistrar.PROVISIONING_BEAN_NAME, String.class, () -> "provisioned elsewhere")
                    .withBean(AdapterBeanRegistrar.FACTORY_BEAN_NAME, AdapterFactory.class,
                            () -> new AdapterFactory(own, client, AdapterOptions.defaults()))
                    .run(context -> {
                        assertThat(context).hasNotFailed();
                        assertThat(context.getBean(AdapterDeclarations.class)).isSameAs(declarations);
                        assertThat(context.getBean(AdapterBeanRegistrar.PROVISIONING_BEAN_NAME))
                                .isEqualTo("provisioned elsewhere");
                        assertThat(context.getBean("rentals", Adapter.class).table()).isEqualTo("own-rentals");
                    });
        }
    }

    private static DynamoDbToolkitProperties propertiesOf(String tablePrefix, String adapter, String keyField) {
        DynamoDbToolkitProperties properties = new DynamoDbToolkitProperties();
        properties.setTablePrefix(tablePrefix);
        AdapterProperties adapterProperties = new AdapterProperties();
        adapterProperties.setKeyFields(List.of(KeyFieldProperties.valueOf(keyField)));
        properties.getAdapters().put(adapter, adapterProperties);
        return properties;
    }

    @Test
    void usesTheApplicationsOwnClientInsteadOfSpringCloudAws() {
        DynamoDbClient mine = DynamoDbEndpoint.shared().newClient();
        new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(
                EmbeddedDynamoDbAutoConfiguration.class, DynamoDbToolkitAutoConfiguration.class))
                .withClassLoader(new FilteredClassLoader("io.awspring.cloud"))
                .withBean(DynamoDbClient.class, () -> mine)
                .withPropertyValues(RENTALS + ".key-fields=state", "dynamodb.toolkit.cursor.signing-key=0123456789abcdef")
                .run(context -> {
                    assertThat(context).hasNotFailed().hasBean("rentals");
                    assertThat(context.getBean(DynamoDbClient.class)).isSameAs(mine);
                });
        mine.close();
    }

    @Test
    void optionsComeFromTheProperties() {
        Clock clock = Clock.fixed(Instant.parse("2026-07-01T00:00:00Z"), ZoneOffset.UTC);
        runner.withBean(Clock.class, () -> clock).withPropertyValues("dynamodb.toolkit.retry.max-attempts=3",
                "dynamodb.toolkit.retry.base-delay=10ms", "dynamodb.toolkit.retry.max-delay=2s",
                "dynamodb.toolkit.batch-concurrency=8",
                "dynamodb.toolkit.cursor.signing-key=the same secret on every instance").run(context -> {
                    AdapterOptions options = context.getBean(AdapterOptions.class);
                    assertThat(options.batchConcurrency()).isEqualTo(8);
                    assertThat(options.retryPolicy().maxAttempts()).isEqualTo(3);
                    assertThat(options.retryPolicy().baseDelay()).isEqualTo(Duration.ofMillis(10));
                    assertThat(options.retryPolicy().maxDelay()).isEqualTo(Duration.ofSeconds(2));
                    assertThat(options.clock()).isSameAs(clock);
                    CursorCodec sameKey = new CursorCodec("the same secret on every instance".getBytes());
                    CursorState state = new CursorState(0, List.of(CursorState.Position.start()), List.of());
                    assertThat(sameKey.decode(options.cursors().encode(state, "q"), "q")).isEqualTo(state);
                });
    }

    @Test
    void withoutASigningKeyCursorsAreSignedWithARandomKeyAndAWarning(CapturedOutput output) {
        ToolkitRunners.toolkit().withPropertyValues("dynamodb.toolkit.cursor.signing-key=").run(context -> {
            CursorState state = new CursorState(0, List.of(CursorState.Position.start()), List.of());
            String cursor = context.getBean(AdapterOptions.class).cursors().encode(state, "q");
            assertThat(context.getBean(AdapterOptions.class).cursors().decode(cursor, "q")).isEqualTo(state);
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> CursorCodec.withRandomKey().decode(cursor, "q"))
                    .isInstanceOf(InvalidCursorException.class);
        });
        assertThat(output).contains("WARN").contains("No dynamodb.toolkit.cursor.signing-key is set");
    }

    @Test
    void aShortSigningKeyFailsStartUpWithoutShowingIt() {
        runner.withPropertyValues("dynamodb.toolkit.cursor.signing-key=short").run(context -> {
            FailureAnalysis analysis = FailureAnalyses.of(context);
            assertThat(analysis.getDescription()).contains("dynamodb.toolkit.cursor.signing-key")
                    .contains("<5 bytes, hidden>").doesNotContain("short").contains("at least 16 bytes");
            assertThat(analysis.getAction()).contains("Review the value of the property");
        });
    }

    @Test
    void aBatchConcurrencyBelowOneFailsStartUpNamingTheProperty() {
        runner.withPropertyValues("dynamodb.toolkit.batch-concurrency=0").run(context -> assertThat(
                FailureAnalyses.of(context).getDescription()).contains("dynamodb.toolkit.batch-concurrency")
                .contains("At least 1 call"));
    }

    @Test
    void badRetrySettingsFailStartUpNamingTheProperty() {
        runner.withPropertyValues("dynamodb.toolkit.retry.max-attempts=0").run(context -> assertThat(
                FailureAnalyses.of(context).getDescription()).contains("dynamodb.toolkit.retry.max-attempts")
                .contains("At least 1 attempt"));
        runner.withPropertyValues("dynamodb.toolkit.retry.base-delay=1s", "dynamodb.toolkit.retry.max-delay=10ms")
                .run(context -> assertThat(FailureAnalyses.of(context).getDescription())
                        .contains("dynamodb.toolkit.retry.max-delay").contains("at least the base delay"));
    }

    @Test
    void customizersAdjustTheDeclarationInOrder() {
        List<String> calls = new ArrayList<>();
        Hooks.Validator refuseNothing = (item, kind) -> { };
        runner.withPropertyValues(RENTALS + ".technical-prefix=_")
                .withBean("second", AdapterCustomizer.class, () -> new SecondCustomizer(calls))
                .withBean("first", AdapterCustomizer.class, () -> new FirstCustomizer(calls, refuseNothing))
                .run(context -> {
                    Adapter<?> rentals = context.getBean("rentals", Adapter.class);
                    assertThat(rentals.declaration().hooks().validator()).isSameAs(refuseNothing);
                    assertThat(rentals.declaration().cascades()).isTrue();
                    assertThat(calls).containsExactly("first rentals", "second rentals");
                });
    }

    @Test
    void tablePrefixAppliesToEveryAdapterAndTheNameIsTheDefaultTable() {
        runner.withPropertyValues("dynamodb.toolkit.table-prefix=staging-",
                "dynamodb.toolkit.adapters.orders.key-fields=id", "dynamodb.toolkit.adapters.orders.table=order-book")
                .run(context -> {
                    assertThat(context.getBean("rentals", Adapter.class).table()).isEqualTo("staging-rentals");
                    assertThat(context.getBean("orders", Adapter.class).table()).isEqualTo("staging-order-book");
                });
    }

    @Order(1)
    record FirstCustomizer(List<String> calls, Hooks.Validator validator) implements AdapterCustomizer {
        @Override
        public void customize(String adapterName, io.dynamodbtoolkit.adapter.AdapterDeclaration.Builder<Map<String,
                Object>> declaration) {
            calls.add("first " + adapterName);
            declaration.hooks(Hooks.NONE.withValidator(validator));
        }
    }

    @Order(2)
    record SecondCustomizer(List<String> calls) implements AdapterCustomizer {
        @Override
        public void customize(String adapterName, io.dynamodbtoolkit.adapter.AdapterDeclaration.Builder<Map<String,
                Object>> declaration) {
            calls.add("second " + adapterName);
            declaration.cascades(true);
        }
    }
}
