package io.dynamodbtoolkit.boot.autoconfigure;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.io.support.SpringFactoriesLoader;
import org.springframework.core.io.support.SpringFactoriesLoader.ArgumentResolver;

/**
 * Analyzes a start-up failure the way Spring Boot does: with every {@link FailureAnalyzer} registered in
 * {@code META-INF/spring.factories} (Boot's own and the toolkit's), the first analysis wins.
 */
public final class FailureAnalyses {

    private FailureAnalyses() {
    }

    /** @return the analysis of a context's start-up failure; fails the test when there is none */
    public static FailureAnalysis of(AssertableApplicationContext context) {
        assertThat(context).hasFailed();
        return of(context.getStartupFailure());
    }

    /** @return the analysis of a failure; fails the test when no analyzer explains it */
    public static FailureAnalysis of(Throwable failure) {
        DefaultListableBeanFactory beanFactory = new DefaultListableBeanFactory();
        ArgumentResolver arguments = ArgumentResolver.of(BeanFactory.class, beanFactory)
                .and(ConfigurableListableBeanFactory.class, beanFactory)
                .and(Environment.class, new StandardEnvironment());
        List<FailureAnalyzer> analyzers = SpringFactoriesLoader.forDefaultResourceLocation(
                FailureAnalyses.class.getClassLoader()).load(FailureAnalyzer.class, arguments,
                (type, implementation, cannotCreate) -> {
                    // like Spring Boot: an analyzer that cannot be created here (its library is absent) is skipped
                });
        for (FailureAnalyzer analyzer : analyzers) {
            FailureAnalysis analysis = analyzer.analyze(failure);
            if (analysis != null) {
                return analysis;
            }
        }
        throw new AssertionError("No failure analyzer explains " + failure, failure);
    }
}
