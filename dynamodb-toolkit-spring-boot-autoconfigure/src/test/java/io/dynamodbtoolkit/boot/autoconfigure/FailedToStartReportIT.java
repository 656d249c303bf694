package io.dynamodbtoolkit.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import io.dynamodbtoolkit.test.DynamoDbTest;
import io.dynamodbtoolkit.test.TestTables;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.ImportAutoConfiguration;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Configuration;

/** A real Spring Boot start-up prints the toolkit's FAILED TO START reports (the analyzers are registered). */
@DynamoDbTest
@ExtendWith(OutputCaptureExtension.class)
class FailedToStartReportIT {

    @Test
    void aDeclarationError(CapturedOutput output) {
        assertThatThrownBy(() -> start("--dynamodb.toolkit.adapters.rentals.key-fields=state,facility,vin"))
                .isInstanceOf(RuntimeException.class);
        assertThat(output).contains("APPLICATION FAILED TO START")
                .contains("The DynamoDB toolkit adapter 'rentals' is declared in a way that cannot work.")
                .contains("Property: dynamodb.toolkit.adapters.rentals.structural-key")
                .contains("Action:").contains("Declare structuralKey");
    }

    @Test
    void aTableThatDoesNotMatchInValidateMode(TestTables tables, CapturedOutput output) {
        String table = tables.uniqueName("rentals");
        assertThatThrownBy(() -> start("--dynamodb.toolkit.adapters.rentals.key-fields=state",
                "--dynamodb.toolkit.adapters.rentals.table=" + table, "--dynamodb.toolkit.provisioning=validate"))
                .isInstanceOf(RuntimeException.class);
        assertThat(output).contains("APPLICATION FAILED TO START")
                .contains("The DynamoDB tables do not match the adapters' declarations")
                .contains("Adapter 'rentals': Table " + table + ":")
                .contains("set dynamodb.toolkit.provisioning=create");
    }

    private static void start(String... arguments) {
        List<String> args = new ArrayList<>(Arrays.asList(arguments));
        for (String property : ToolkitRunners.serverProperties()) {
            args.add("--" + property);
        }
        args.add("--dynamodb.toolkit.cursor.signing-key=0123456789abcdef0123");
        SpringApplication application = new SpringApplication(ToolkitOnly.class);
        application.setWebApplicationType(WebApplicationType.NONE);
        application.run(args.toArray(String[]::new)).close();
    }

    @Configuration(proxyBeanMethods = false)
    @ImportAutoConfiguration({io.awspring.cloud.autoconfigure.core.AwsAutoConfiguration.class,
        io.awspring.cloud.autoconfigure.core.CredentialsProviderAutoConfiguration.class,
        io.awspring.cloud.autoconfigure.core.RegionProviderAutoConfiguration.class,
        io.awspring.cloud.autoconfigure.dynamodb.DynamoDbAutoConfiguration.class,
        io.dynamodbtoolkit.boot.autoconfigure.embedded.EmbeddedDynamoDbAutoConfiguration.class,
        DynamoDbToolkitAutoConfiguration.class})
    static class ToolkitOnly {
    }
}
