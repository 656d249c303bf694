package io.dynamodbtoolkit.springdata.repository.query;

import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;

import io.dynamodbtoolkit.DeclarationException;
import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import org.jspecify.annotations.Nullable;
import org.springframework.core.ResolvableType;
import org.springframework.data.domain.Limit;
import org.springframework.data.domain.Pageable;
import org.springframework.data.domain.ScrollPosition;
import org.springframework.data.domain.Sort;

/**
 * The rule for {@link ItemPage} results, checked at start-up before Spring Data looks at the method: a method
 * returning {@code ItemPage<T>} takes its page size, cursor and direction from exactly one {@link ListOptions}
 * parameter, and from nothing else (no {@code Pageable}, {@code ScrollPosition}, {@code Limit} or {@code Sort}); a
 * {@code ListOptions} parameter pages nothing but an {@code ItemPage}.
 */
final class ItemPageParameters {

    /** Spring Data's paging parameters, each with what an ItemPage method does instead. */
    private static final List<Rival> RIVALS = List.of(
            new Rival(Pageable.class, "drop the Pageable and set the page size with ListOptions.withLimit(n), or "
                    + "return a Page or a Slice to page with the Pageable"),
            new Rival(ScrollPosition.class, "drop the ScrollPosition and resume with "
                    + "ListOptions.withCursor(page.nextCursor()), or return a Window to scroll with it"),
            new Rival(Limit.class, "drop the Limit and set the page size with ListOptions.withLimit(n)"),
            new Rival(Sort.class, "drop the Sort and read backwards with ListOptions.inDescendingOrder()"));

    /** Reactor's single-value type, named so that Reactor (an optional dependency) need not be present. */
    private static final String MONO = "reactor.core.publisher.Mono";

    private ItemPageParameters() {
    }

    /**
     * @param method     the query method
     * @param repository the repository interface, for messages
     * @return the method
     * @throws DeclarationException naming the method, the parameter at fault and the fix
     */
    static Method check(Method method, Class<?> repository) {
        long options = Arrays.stream(method.getParameterTypes()).filter(ListOptions.class::equals).count();
        boolean itemPage = returnsItemPage(method);
        if (options > 1) {
            throw error(method, repository, "it has " + options + " ListOptions parameters",
                    "pass the page size, cursor and direction in one ListOptions parameter");
        }
        if (!itemPage && options == 1) {
            throw error(method, repository, "a ListOptions parameter pages an ItemPage result, but it returns "
                    + method.getReturnType().getSimpleName(), "return ItemPage<" + elementName(method, repository)
                    + ">, or drop the ListOptions and page with Spring Data's parameters (a Pageable for a Slice or "
                    + "a Page, a ScrollPosition and a Limit for a Window, a Limit for a List)");
        }
        if (!itemPage) {
            return method;
        }
        if (options == 0) {
            throw error(method, repository, "it returns an ItemPage but has no ListOptions parameter to give the "
                    + "page size and the cursor of the next page", "add a ListOptions parameter: pass "
                    + "ListOptions.defaults().withLimit(n) for the first page, then .withCursor(page.nextCursor())");
        }
        for (Rival rival : RIVALS) {
            if (Arrays.stream(method.getParameterTypes()).anyMatch(rival.type()::isAssignableFrom)) {
                throw error(method, repository, "it returns an ItemPage, which takes its page size, cursor and "
                        + "direction from its ListOptions parameter, but also has a " + rival.type().getSimpleName()
                        + " parameter", rival.fix());
            }
        }
        return method;
    }

    /** @return whether the method returns the adapter's {@link ItemPage} (or, reactive, a {@code Mono} of one) */
    static boolean returnsItemPage(Method method) {
        return itemPageType(method, method.getDeclaringClass()) != null;
    }

    /**
     * @param method          the method
     * @param containingClass the class whose type arguments resolve the method's
     * @return the {@link ItemPage} type the method returns (itself, or the value type of a {@code Mono}), or null
     */
    static @Nullable ResolvableType itemPageType(Method method, Class<?> containingClass) {
        ResolvableType returned = ResolvableType.forMethodReturnType(method, containingClass);
        if (MONO.equals(method.getReturnType().getName())) {
            returned = returned.getGeneric(0);
        }
        return ItemPage.class.equals(returned.resolve()) ? returned : null;
    }

    /** @return the simple name of the element type the method returns, for the fix */
    private static String elementName(Method method, Class<?> repository) {
        ResolvableType type = ResolvableType.forMethodReturnType(method, repository);
        if (type.hasGenerics()) {
            return type.getGeneric(0).resolve(Object.class).getSimpleName();
        }
        Class<?> returned = type.resolve(Object.class);
        return returned.isPrimitive() ? "T" : returned.getSimpleName();
    }

    private static DeclarationException error(Method method, Class<?> repository, String problem, String fix) {
        return new MethodDeclarationException(repository, method, problem, fix);
    }

    /** A paging parameter an ItemPage method may not have, and the fix. */
    private record Rival(Class<?> type, String fix) {
    }
}
