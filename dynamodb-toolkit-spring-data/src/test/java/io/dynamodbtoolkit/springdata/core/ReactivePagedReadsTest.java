package io.dynamodbtoolkit.springdata.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.OptionalLong;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;

import io.dynamodbtoolkit.adapter.ItemPage;
import io.dynamodbtoolkit.adapter.ListOptions;
import io.dynamodbtoolkit.adapter.ReadStats;
import org.junit.jupiter.api.Test;
import reactor.core.publisher.Mono;
import reactor.test.StepVerifier;

/**
 * The paging of a {@code Flux} of rows over a list read, against an in-memory read of 25 rows that records each fetch
 * (its requests against a server are in {@code ReactiveQueryMethodsTest}): nothing is fetched before demand, the next
 * page only when the one before it is used up, a limit caps the pages, and a cancellation stops the fetching.
 */
class ReactivePagedReadsTest {

    private static final List<Integer> ROWS = IntStream.range(0, 25).boxed().toList();

    private final List<ListOptions> fetches = new CopyOnWriteArrayList<>();

    private final ReactiveItemSource<Integer> source = options -> Mono.fromSupplier(() -> {
        fetches.add(options);
        int from = options.cursor() == null ? 0 : Integer.parseInt(options.cursor());
        int to = Math.min(ROWS.size(), from + options.limit());
        return new ItemPage<>(ROWS.subList(from, to), to < ROWS.size() ? String.valueOf(to) : null,
                OptionalLong.empty(), ReadStats.NONE, () -> "rows " + from + " to " + to);
    });

    @Test
    void theNextPageIsFetchedOnlyWhenTheOneBeforeItIsUsedUp() {
        StepVerifier.create(ReactivePagedReads.items(source, ListOptions.defaults(), 0, 10), 0)
                .then(() -> assertThat(fetches).as("nothing before demand").isEmpty())
                .thenRequest(1).expectNext(0)
                .then(() -> assertThat(fetches).as("the first page").hasSize(1))
                .thenRequest(8).expectNextCount(8)
                .then(() -> assertThat(fetches).as("a row of the first page left").hasSize(1))
                .thenRequest(1).expectNext(9)
                .then(() -> assertThat(fetches).as("the first page used up: the second asked for").hasSize(2))
                .thenCancel().verify();
        assertThat(fetches).extracting(ListOptions::limit).containsOnly(10);
    }

    @Test
    void everyRowOnceInOrderAndALimitCapsThePages() {
        StepVerifier.create(ReactivePagedReads.items(source, ListOptions.defaults(), 0, 10).collectList())
                .expectNext(ROWS).verifyComplete();
        assertThat(fetches).extracting(ListOptions::cursor).containsExactly(null, "10", "20");
        fetches.clear();

        StepVerifier.create(ReactivePagedReads.items(source, ListOptions.defaults(), 13, 10))
                .expectNextSequence(ROWS.subList(0, 13)).verifyComplete();
        assertThat(fetches).extracting(ListOptions::limit).containsExactly(10, 3);
    }
}
