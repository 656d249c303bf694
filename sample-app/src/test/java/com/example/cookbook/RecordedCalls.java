package com.example.cookbook;

import io.awspring.cloud.autoconfigure.dynamodb.DynamoDbClientCustomizer;
import io.dynamodbtoolkit.test.RequestLog;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/** Records the calls of the application's DynamoDB client, for the cookbook's "request it sends" blocks. */
@TestConfiguration(proxyBeanMethods = false)
public class RecordedCalls {

    /** The slice's tables are named {@code t1234abcd-<table>}: the README shows the table's own name. */
    public static String withoutTestPrefix(String table) {
        return table.replaceFirst("^t[0-9a-f]{8}-", "");
    }

    @Bean
    RequestLog requestLog() {
        return new RequestLog();
    }

    @Bean
    DynamoDbClientCustomizer recordCalls(RequestLog log) {
        return builder -> builder.overrideConfiguration(builder.overrideConfiguration().toBuilder()
                .addExecutionInterceptor(log.interceptor()).build());
    }
}
