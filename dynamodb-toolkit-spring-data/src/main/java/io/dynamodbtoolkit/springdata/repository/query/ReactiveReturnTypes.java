package io.dynamodbtoolkit.springdata.repository.query;

import java.lang.reflect.Method;
import java.util.Optional;
import java.util.stream.BaseStream;

import io.dynamodbtoolkit.adapter.ItemPage;
import org.springframework.core.ResolvableType;
import org.springframework.data.domain.Slice;
import org.springframework.data.domain.Window;
import org.springframework.util.ClassUtils;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The rule for the return types of a reactive repository's query methods, checked at start-up before Spring Data looks
 * at the method: rows come as a {@code Flux}, everything read with one call (one row, a slice, a page, a window, an
 * {@link ItemPage}, a count, an existence check, a mass operation's result) as a {@code Mono} of it. Any other type
 * would make the caller wait for DynamoDB on its own thread, and is refused with the reactive type to declare.
 */
final class ReactiveReturnTypes {

    private ReactiveReturnTypes() {
    }

    /**
     * @param method     the query method
     * @param repository the repository interface, for messages and to resolve type variables
     * @return the method
     * @throws io.dynamodbtoolkit.DeclarationException naming the method, its return type and the reactive one to
     *                                                 declare
     */
    static Method check(Method method, Class<?> repository) {
        ResolvableType returned = ResolvableType.forMethodReturnType(method, repository);
        Class<?> type = returned.resolve(Object.class);
        if (Flux.class.equals(type)) {
            Class<?> element = returned.getGeneric(0).resolve(Object.class);
            if (isOneCallResult(element) || isContainer(element)) {
                throw refused(method, repository, "Flux<" + simpleName(returned.getGeneric(0)) + ">", "return Mono<"
                        + simpleName(returned.getGeneric(0)) + ">" + (isContainer(element) ? ", or Flux<"
                        + simpleName(returned.getGeneric(0).getGeneric(0)) + "> for the rows one by one" : ""));
            }
            return method;
        }
        if (Mono.class.equals(type)) {
            Class<?> value = returned.getGeneric(0).resolve(Object.class);
            if (isContainer(value) && !isOneCallResult(value)) {
                throw refused(method, repository, "Mono<" + simpleName(returned.getGeneric(0)) + ">", "return Flux<"
                        + simpleName(returned.getGeneric(0).getGeneric(0)) + ">, read page by page as it is consumed "
                        + "(collectList() it where a List is needed)");
            }
            return method;
        }
        throw refused(method, repository, simpleName(returned), "return " + reactiveCounterpart(returned));
    }

    /** @return whether values of a type are read with one call (a Mono of them, not a Flux) */
    private static boolean isOneCallResult(Class<?> type) {
        return Slice.class.isAssignableFrom(type) || Window.class.isAssignableFrom(type)
                || ItemPage.class.equals(type);
    }

    /** @return whether a type holds several rows (or none), so that a Flux of the rows says it better */
    private static boolean isContainer(Class<?> type) {
        return Iterable.class.isAssignableFrom(type) || BaseStream.class.isAssignableFrom(type)
                || Optional.class.equals(type) || type.isArray();
    }

    /** @return the reactive type to declare instead of a blocking one */
    private static String reactiveCounterpart(ResolvableType returned) {
        Class<?> type = returned.resolve(Object.class);
        if (isOneCallResult(type)) {
            return "Mono<" + simpleName(returned) + ">";
        }
        if (Optional.class.equals(type)) {
            return "Mono<" + simpleName(returned.getGeneric(0)) + "> (empty when nothing matches)";
        }
        if (isContainer(type)) {
            return "Flux<" + simpleName(type.isArray() ? returned.getComponentType() : returned.getGeneric(0))
                    + "> (the rows, read page by page as they are consumed)";
        }
        if (void.class.equals(type)) {
            return "Mono<Void>";
        }
        return "Mono<" + (type.isPrimitive() ? ClassUtils.resolvePrimitiveIfNecessary(type).getSimpleName()
                : simpleName(returned)) + ">";
    }

    private static String simpleName(ResolvableType type) {
        Class<?> resolved = type.resolve(Object.class);
        if (!type.hasGenerics()) {
            return resolved.getSimpleName();
        }
        StringBuilder name = new StringBuilder(resolved.getSimpleName()).append('<');
        ResolvableType[] generics = type.getGenerics();
        for (int i = 0; i < generics.length; i++) {
            name.append(i == 0 ? "" : ", ").append(simpleName(generics[i]));
        }
        return name.append('>').toString();
    }

    private static MethodDeclarationException refused(Method method, Class<?> repository, String returned,
            String fix) {
        return new MethodDeclarationException(repository, method, "it returns " + returned + ", which a reactive "
                + "repository cannot serve without making the caller's thread wait for DynamoDB", fix);
    }
}
