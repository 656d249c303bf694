package io.dynamodbtoolkit.boot.autoconfigure;

import java.beans.PropertyDescriptor;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.LinkedHashSet;
import java.util.Set;

import io.dynamodbtoolkit.boot.autoconfigure.properties.DynamoDbToolkitProperties;
import io.dynamodbtoolkit.boot.autoconfigure.rest.DynamoDbToolkitRestProperties;
import org.jspecify.annotations.Nullable;
import org.springframework.aot.hint.ExecutableMode;
import org.springframework.aot.hint.RuntimeHints;
import org.springframework.aot.hint.RuntimeHintsRegistrar;
import org.springframework.beans.BeanUtils;
import org.springframework.boot.context.properties.bind.BindableRuntimeHintsRegistrar;
import org.springframework.core.ResolvableType;
import org.springframework.util.ReflectionUtils;

/**
 * The reflection that binding {@code dynamodb.toolkit.*} needs in a native image, for every type reachable from the
 * properties classes. Spring Boot's own hints for a properties bean reach only its inner classes and the elements of
 * its collections; the adapters' properties also hold top-level types ({@code rest}, {@code structural-key}, an
 * index's {@code pk} and {@code sk}, ...), several of them bound from a single string through their static
 * {@code valueOf(String)} ({@code key-fields: [state, facility, vin]}), which the conversion calls reflectively.
 */
class ConfigurationPropertiesRuntimeHints implements RuntimeHintsRegistrar {

    private static final String TOOLKIT_PACKAGE = "io.dynamodbtoolkit.";

    @Override
    public void registerHints(RuntimeHints hints, @Nullable ClassLoader classLoader) {
        Set<Class<?>> types = new LinkedHashSet<>();
        collect(ResolvableType.forClass(DynamoDbToolkitProperties.class), types);
        collect(ResolvableType.forClass(DynamoDbToolkitRestProperties.class), types);
        BindableRuntimeHintsRegistrar.forTypes(types.toArray(Class<?>[]::new)).registerHints(hints, classLoader);
        for (Class<?> type : types) {
            Method fromString = ReflectionUtils.findMethod(type, "valueOf", String.class);
            if (fromString != null && Modifier.isStatic(fromString.getModifiers())
                    && fromString.getDeclaringClass() == type) {
                hints.reflection().registerMethod(fromString, ExecutableMode.INVOKE);
            }
        }
    }

    /** The toolkit's types among a property type, its type arguments and, recursively, their properties' types. */
    private static void collect(ResolvableType type, Set<Class<?>> found) {
        for (ResolvableType argument : type.getGenerics()) {
            collect(argument, found);
        }
        Class<?> raw = type.resolve();
        if (raw == null || !raw.getName().startsWith(TOOLKIT_PACKAGE) || !found.add(raw) || raw.isEnum()) {
            return;
        }
        for (PropertyDescriptor property : BeanUtils.getPropertyDescriptors(raw)) {
            Method getter = property.getReadMethod();
            if (getter != null) {
                collect(ResolvableType.forMethodReturnType(getter), found);
            }
        }
    }
}
