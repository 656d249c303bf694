package io.dynamodbtoolkit.sample.page;

import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/** Skips a browser test, saying why and how to run it, when this machine has no Chromium. */
class RequiresChromium implements ExecutionCondition {

    @Override
    public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
        return HeadlessChromium.find()
                .map(chromium -> ConditionEvaluationResult.enabled("Chromium: " + chromium))
                .orElseGet(() -> ConditionEvaluationResult.disabled("Chromium is not installed, so the page is not"
                        + " tested in a browser: install it (apt-get install -y chromium) or name it with -D"
                        + HeadlessChromium.PROPERTY + "=/path/to/chromium"));
    }
}
