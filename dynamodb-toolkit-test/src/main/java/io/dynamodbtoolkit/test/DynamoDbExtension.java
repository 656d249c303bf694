package io.dynamodbtoolkit.test;

import java.util.Optional;
import java.util.Set;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.BeforeTestExecutionCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * JUnit Jupiter extension giving tests a real DynamoDB-compatible server (one per JVM, see the module README for
 * how the backend is chosen), a client that records its calls, and self-dropping tables.
 *
 * <p>Declaratively with {@link DynamoDbTest} (parameters of type {@link DynamoDbClient}, {@link TestTables},
 * {@link RequestLog}, {@link DynamoDbEndpoint} are injected into test methods, lifecycle methods and constructors),
 * or programmatically:
 *
 * <pre>{@code
 * @RegisterExtension
 * static DynamoDbExtension dynamo = DynamoDbExtension.create();
 * ... dynamo.client(), dynamo.tables(), dynamo.requestLog(), dynamo.endpoint()
 * }</pre>
 *
 * <p>Each top-level test class (with its {@code @Nested} classes) gets its own client, request log and tables; the
 * client is closed and the class's tables dropped after the class. The log is cleared right before each test
 * method. The extension is thread-safe; test methods of one class that run concurrently share that class's log.
 */
public class DynamoDbExtension implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback,
        BeforeTestExecutionCallback, AfterEachCallback, ParameterResolver {

    private static final ExtensionContext.Namespace NAMESPACE =
            ExtensionContext.Namespace.create(DynamoDbExtension.class);
    private static final String RESOURCES = "resources";
    private static final String SCOPE = "tableScope";
    private static final Set<Class<?>> INJECTABLE =
            Set.of(DynamoDbClient.class, TestTables.class, RequestLog.class, DynamoDbEndpoint.class);

    private volatile @Nullable ClassResources lastStartedClass;

    /** For {@code @ExtendWith}; programmatic users call {@link #create()}. */
    public DynamoDbExtension() {
    }

    /** A new extension for {@code @RegisterExtension static DynamoDbExtension dynamo = DynamoDbExtension.create();}. */
    public static DynamoDbExtension create() {
        return new DynamoDbExtension();
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        ClassResources resources = resources(context);
        lastStartedClass = resources;
        if (isTopLevel(context)) {
            resources.classScope().enter();
        } else {
            context.getStore(NAMESPACE).computeIfAbsent(SCOPE,
                    key -> new TableScope(resources, "class " + context.getRequiredTestClass().getSimpleName()).enter(),
                    TableScope.class);
        }
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (isTopLevel(context)) {
            ClassResources resources = context.getStore(NAMESPACE).remove(RESOURCES, ClassResources.class);
            if (resources != null) {
                if (lastStartedClass == resources) {
                    lastStartedClass = null;
                }
                resources.close();
            }
        } else {
            closeScope(context);
        }
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        ClassResources resources = resources(context);
        context.getStore(NAMESPACE).computeIfAbsent(SCOPE,
                key -> new TableScope(resources, "test " + context.getDisplayName()).enter(), TableScope.class);
    }

    @Override
    public void beforeTestExecution(ExtensionContext context) {
        resources(context).requestLog().clear();
    }

    @Override
    public void afterEach(ExtensionContext context) {
        closeScope(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return INJECTABLE.contains(parameterContext.getParameter().getType());
    }

    @Override
    public Object resolveParameter(ParameterContext parameterContext, ExtensionContext extensionContext) {
        return resolve(parameterContext.getParameter().getType(), resources(extensionContext));
    }

    /** The recording client of the running test class. */
    public DynamoDbClient client() {
        return current().client();
    }

    /** The table helper of the running test class. */
    public TestTables tables() {
        return current().tables();
    }

    /** The request log of the running test class's client. */
    public RequestLog requestLog() {
        return current().requestLog();
    }

    /** This JVM's endpoint; starts the shared server on first use, so it works outside tests too. */
    public DynamoDbEndpoint endpoint() {
        return DynamoDbEndpoint.shared();
    }

    private static Object resolve(Class<?> type, ClassResources resources) {
        if (type == DynamoDbClient.class) {
            return resources.client();
        }
        if (type == TestTables.class) {
            return resources.tables();
        }
        if (type == RequestLog.class) {
            return resources.requestLog();
        }
        return resources.endpoint();
    }

    /**
     * The resources of the test class running on this thread: the owner of the innermost table scope entered on
     * this thread, else those of the class this extension instance last started.
     */
    private ClassResources current() {
        return TableScope.innermost().map(TableScope::resources)
                .or(() -> Optional.ofNullable(lastStartedClass))
                .orElseThrow(() -> new IllegalStateException("The DynamoDbExtension has not started a test class yet:"
                        + " register it with @RegisterExtension on a static field and call client(), tables() and"
                        + " requestLog() from lifecycle or test methods, not from field initializers"));
    }

    private static ClassResources resources(ExtensionContext context) {
        ExtensionContext topLevel = topLevelClassContext(context);
        return topLevel.getStore(NAMESPACE).computeIfAbsent(RESOURCES,
                key -> new ClassResources(DynamoDbEndpoint.shared(), topLevel.getRequiredTestClass()),
                ClassResources.class);
    }

    private static void closeScope(ExtensionContext context) {
        TableScope scope = context.getStore(NAMESPACE).remove(SCOPE, TableScope.class);
        if (scope != null) {
            scope.close();
        }
    }

    private static boolean isTopLevel(ExtensionContext context) {
        return topLevelClassContext(context) == context;
    }

    private static ExtensionContext topLevelClassContext(ExtensionContext context) {
        ExtensionContext current = context;
        while (current.getParent().flatMap(ExtensionContext::getTestClass).isPresent()) {
            current = current.getParent().get();
        }
        return current;
    }
}
