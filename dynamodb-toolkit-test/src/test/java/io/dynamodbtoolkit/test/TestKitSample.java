package io.dynamodbtoolkit.test;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.engine.DiscoverySelector;
import org.junit.platform.engine.TestExecutionResult;
import org.junit.platform.engine.discovery.DiscoverySelectors;
import org.junit.platform.testkit.engine.EngineExecutionResults;
import org.junit.platform.testkit.engine.EngineTestKit;

/**
 * Marks a sample test class that only runs inside {@link Runner#run}, through the JUnit Platform test kit, so that a
 * test can look at what the sample left behind (e.g. that its tables are gone). Outside the kit it is disabled.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith(TestKitSample.OnlyInTestKit.class)
@interface TestKitSample {

    String ENABLED_PARAMETER = "dynamodb.toolkit.test.sample";

    /** Runs sample classes. */
    final class Runner {

        private Runner() {
        }

        /** Runs sample classes with Jupiter in this JVM and returns the results. */
        static EngineExecutionResults run(Map<String, String> configuration, Class<?>... samples) {
            return EngineTestKit.engine("junit-jupiter")
                    .configurationParameter(ENABLED_PARAMETER, "true")
                    .configurationParameters(configuration)
                    .selectors(Arrays.stream(samples).map(DiscoverySelectors::selectClass)
                            .toArray(DiscoverySelector[]::new))
                    .execute();
        }

        /** "method name: failure" for every failed test, container or lifecycle method of a run. */
        static List<String> failures(EngineExecutionResults results) {
            return results.allEvents().failed().stream()
                    .map(event -> event.getTestDescriptor().getDisplayName() + ": " + event
                            .getRequiredPayload(TestExecutionResult.class).getThrowable().map(String::valueOf)
                            .orElse("?"))
                    .toList();
        }
    }

    /** Enables sample classes only when the test kit runs them. */
    final class OnlyInTestKit implements ExecutionCondition {

        @Override
        public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
            return context.getConfigurationParameter(ENABLED_PARAMETER).isPresent()
                    ? ConditionEvaluationResult.enabled("run by the test kit")
                    : ConditionEvaluationResult.disabled("a sample that only the JUnit Platform test kit runs");
        }
    }
}
