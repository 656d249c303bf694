package io.dynamodbtoolkit.springdata.core;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Function;
import java.util.function.Predicate;

import io.dynamodbtoolkit.adapter.ItemPage;
import org.jspecify.annotations.Nullable;
import reactor.core.Disposable;
import reactor.core.Disposables;
import reactor.core.publisher.BaseSubscriber;
import reactor.core.publisher.Flux;
import reactor.core.publisher.FluxSink;
import reactor.core.publisher.Mono;

/**
 * Walks a paged read for one subscriber, one call at a time: the first page when the subscriber first requests, each
 * page after it only once the one before it is delivered and the subscriber still wants more (a page is never read
 * ahead of demand, so a subscriber that cancels has read nothing it was not given), none after a cancellation. Each
 * call is told the demand outstanding, so that a page can ask for no more items than are wanted.
 */
final class OnDemandPages {

    private OnDemandPages() {
    }

    /**
     * @param next      the call for a page
     * @param delivered what a page gives the subscriber (its items, or the page itself)
     * @param last      whether a page ends the walk (its cursor is null, or a limit is reached)
     * @return the walk, started by the subscriber's first request
     */
    static <T, E> Flux<E> walk(NextPage<T> next, Function<ItemPage<T>, Iterable<E>> delivered,
            Predicate<ItemPage<T>> last) {
        return Flux.create(sink -> new Walk<>(sink, next, delivered, last).start());
    }

    /** The call for one page. */
    @FunctionalInterface
    interface NextPage<T> {

        /**
         * @param cursor the cursor of the page before, or null for the first page
         * @param demand how many elements the subscriber has asked for and not yet received (positive;
         *               {@code Long.MAX_VALUE} when it asks for everything)
         * @return the page, read when subscribed (exactly one: completing empty is an error)
         */
        Mono<ItemPage<T>> after(@Nullable String cursor, long demand);
    }

    /** The state of one subscriber's walk: the cursor reached, and whether a call is in flight. */
    private static final class Walk<T, E> {

        private final FluxSink<E> sink;
        private final NextPage<T> next;
        private final Function<ItemPage<T>, Iterable<E>> delivered;
        private final Predicate<ItemPage<T>> last;
        /** Taken by whoever starts a call; given back once its page is delivered. */
        private final AtomicBoolean calling = new AtomicBoolean();
        private final Disposable.Swap inFlight = Disposables.swap();
        private volatile @Nullable String cursor;

        Walk(FluxSink<E> sink, NextPage<T> next, Function<ItemPage<T>, Iterable<E>> delivered,
                Predicate<ItemPage<T>> last) {
            this.sink = sink;
            this.next = next;
            this.delivered = delivered;
            this.last = last;
        }

        void start() {
            sink.onDispose(inFlight);
            sink.onRequest(requested -> callIfWanted());
        }

        /** Starts the call for the next page, unless one is in flight or the subscriber wants nothing now. */
        private void callIfWanted() {
            while (!sink.isCancelled() && sink.requestedFromDownstream() > 0 && calling.compareAndSet(false, true)) {
                long demand = sink.requestedFromDownstream();
                if (demand > 0) {
                    // held before it is subscribed: a page delivered at once starts the next call within subscribe,
                    // and the call held must then be that later one
                    PageCall call = new PageCall();
                    inFlight.replace(call);
                    next.after(cursor, demand).single().contextWrite(sink.contextView()).subscribe(call);
                    return;
                }
                // the demand was met between the two looks: give the turn back, and look again
                calling.set(false);
            }
        }

        private void deliver(ItemPage<T> page) {
            for (E element : delivered.apply(page)) {
                sink.next(element);
            }
            if (last.test(page)) {
                sink.complete();
                return;
            }
            cursor = page.nextCursor();
            calling.set(false);
            callIfWanted();
        }

        /** One call's page, delivered to the subscriber; disposed (the call cancelled) when the subscriber cancels. */
        private final class PageCall extends BaseSubscriber<ItemPage<T>> {

            @Override
            protected void hookOnNext(ItemPage<T> page) {
                deliver(page);
            }

            @Override
            protected void hookOnError(Throwable failure) {
                sink.error(failure);
            }
        }
    }
}
