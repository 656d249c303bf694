package io.dynamodbtoolkit.springdata.repository.support;

import java.util.ArrayList;
import java.util.List;

import io.dynamodbtoolkit.adapter.Adapter;
import io.dynamodbtoolkit.adapter.AdapterDeclaration;
import io.dynamodbtoolkit.adapter.AdapterOptions;
import io.dynamodbtoolkit.springdata.repository.AdapterName;
import org.jspecify.annotations.Nullable;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.core.annotation.AnnotatedElementUtils;
import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/**
 * Finds the adapter a repository is bound to among the application's beans: {@link Adapter} beans, and
 * {@link AdapterDeclaration} beans (made into adapters with the application's {@link DynamoDbClient} and, when
 * there is one, {@link AdapterOptions} bean). A repository names its adapter with {@link AdapterName @AdapterName}
 * (the declared adapter name or the bean name); without it, the only adapter is used.
 */
final class AdapterResolver {

    private final ListableBeanFactory beans;

    AdapterResolver(ListableBeanFactory beans) {
        this.beans = beans;
    }

    /** @throws AdapterBindingException when no adapter, or more than one, fits */
    Adapter<?> resolve(Class<?> repositoryInterface) {
        AdapterName annotation = AnnotatedElementUtils.findMergedAnnotation(repositoryInterface, AdapterName.class);
        String requested = annotation == null ? null : annotation.value();
        List<Candidate> candidates = candidates();
        List<String> described = candidates.stream().map(Candidate::describe).toList();
        if (requested == null) {
            if (candidates.size() == 1) {
                return candidates.get(0).adapter(this, repositoryInterface);
            }
            throw new AdapterBindingException(repositoryInterface, null, described, candidates.isEmpty()
                    ? "the repository names no adapter, and the application has no Adapter or AdapterDeclaration bean"
                    : "the repository names no adapter, and the application has " + candidates.size() + ": "
                            + String.join(", ", described),
                    candidates.isEmpty() ? "declare an Adapter or AdapterDeclaration bean"
                            : "annotate the repository with @AdapterName(\"...\") naming one of them");
        }
        List<Candidate> matches = candidates.stream().filter(c -> c.matches(requested)).toList();
        if (matches.size() == 1) {
            return matches.get(0).adapter(this, repositoryInterface);
        }
        if (matches.isEmpty()) {
            throw new AdapterBindingException(repositoryInterface, requested, described, "no adapter is named '"
                    + requested + "'; " + (candidates.isEmpty() ? "the application has no Adapter or "
                    + "AdapterDeclaration bean" : "the adapters are " + String.join(", ", described)),
                    "declare an Adapter or AdapterDeclaration bean named '" + requested
                            + "' (AdapterDeclaration.builder(...).name(\"" + requested + "\")), or name one of the "
                            + "existing adapters");
        }
        throw new AdapterBindingException(repositoryInterface, requested, described, "several adapters are named '"
                + requested + "': " + String.join(", ", matches.stream().map(Candidate::describe).toList()),
                "give each adapter its own name");
    }

    /** @return the adapter beans, and the declaration beans no adapter bean was made from */
    private List<Candidate> candidates() {
        List<Candidate> candidates = new ArrayList<>();
        beans.getBeansOfType(Adapter.class).forEach((bean, adapter) -> candidates.add(
                new Candidate(bean, adapter.declaration(), adapter)));
        beans.getBeansOfType(AdapterDeclaration.class).forEach((bean, declaration) -> {
            if (candidates.stream().noneMatch(candidate -> candidate.declaration() == declaration)) {
                candidates.add(new Candidate(bean, declaration, null));
            }
        });
        return candidates;
    }

    private Adapter<?> create(AdapterDeclaration<?> declaration, Class<?> repositoryInterface) {
        DynamoDbClient client = beans.getBeanProvider(DynamoDbClient.class).getIfUnique();
        if (client == null) {
            int clients = beans.getBeanNamesForType(DynamoDbClient.class).length;
            throw new AdapterBindingException(repositoryInterface, declaration.name(), List.of(),
                    "adapter declaration '"
                    + declaration.name() + "' needs a DynamoDbClient bean to become an adapter, but the application "
                    + "has "
                    + (clients == 0 ? "none" : clients),
                    "declare exactly one DynamoDbClient bean, or declare an Adapter "
                    + "bean instead of the declaration");
        }
        AdapterOptions options = beans.getBeanProvider(AdapterOptions.class).getIfUnique(AdapterOptions::defaults);
        return Adapter.create(declaration, client, options);
    }

    /** An adapter, or a declaration to make one from, with the bean that holds it. */
    private record Candidate(String beanName, AdapterDeclaration<?> declaration, @Nullable Adapter<?> adapter) {

        boolean matches(String name) {
            return declaration.name().equals(name) || beanName.equals(name);
        }

        Adapter<?> adapter(AdapterResolver resolver, Class<?> repositoryInterface) {
            return adapter != null ? adapter : resolver.create(declaration, repositoryInterface);
        }

        String describe() {
            return "'" + declaration.name() + "' (" + (adapter != null ? "Adapter" : "AdapterDeclaration") + " bean '"
                    + beanName + "', table " + declaration.table() + ")";
        }
    }
}
