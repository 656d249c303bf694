package io.dynamodbtoolkit.springdata.core;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
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
 * (its requests against a server are in {@code ReactiveQueryMethodsIT}): nothing is fetched before demand, the next
 * page only when the one before it is used up and more is asked for, a page asks for no more than the demand, a limit
 * caps the pages, and a cancellation stops the fetching.
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
    void aPageIsFetchedOnlyOnDemandAndAsksForNoMoreThanIsDemanded() {
        StepVerifier.create(ReactivePagedReads.items(source, ListOptions.defaults(), 0, 10), 0)
                .then(() -> assertThat(fetches).as("nothing before demand").isEmpty())
                .thenRequest(1).expectNext(0)
                .then(() -> assertThat(fetches).as("a page of the one row asked for, nothing ahead").hasSize(1))
                .thenRequest(8).expectNextCount(8)
                .then(() -> assertThat(fetches).as("a page of the 8 rows asked for").hasSize(2))
                .thenRequest(30).expectNextCount(16)
                .then(() -> assertThat(fetches).as("pages of at most 10 up to the end").hasSize(4))
                .verifyComplete();
        assertThat(fetches).extracting(ListOptions::limit).containsExactly(1, 8, 10, 10);
        assertThat(fetches).extracting(ListOptions::cursor).containsExactly(null, "1", "9", "19");
        assertThat(fetches).as("no item read beyond a page").noneMatch(ListOptions::lookahead);
    }

    @Test
    void thePageAfterADeliveredPageWaitsForDemand() {
        StepVerifier.create(ReactivePagedReads.items(source, ListOptions.defaults(), 0, 10), 0)
                .thenRequest(10).expectNextCount(10)
                .then(() -> assertThat(fetches).as("the demand met: the second page not asked for").hasSize(1))
                .thenRequest(1).expectNext(10)
                .then(() -> assertThat(fetches).as("asked for on demand").hasSize(2))
                .thenCancel().verify();
    }

    @Test
    void aPageDeliveredBeforeItsCallIsHeldDoesNotCancelTheCallAfterIt() {
        // the first page comes within subscribe, the second later from another thread (before 2026-12-03 the first
        // call, held once subscribe returned, replaced the second one in flight and cancelled it: the read hung)
        ReactiveItemSource<Integer> mixed = options -> options.cursor() == null ? source.fetch(options)
                : source.fetch(options).delayElement(Duration.ofMillis(10));

        StepVerifier.create(ReactivePagedReads.items(mixed, ListOptions.defaults(), 0, 10))
                .expectNextSequence(ROWS).expectComplete().verify(Duration.ofSeconds(10));
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
