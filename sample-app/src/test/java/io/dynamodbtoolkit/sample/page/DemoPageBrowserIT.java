package io.dynamodbtoolkit.sample.page;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.test.context.SpringBootTest;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The demo page in a real browser: the application on a free port, the page loaded in headless Chromium, and the
 * rendered DOM checked for the rentals tree (Dallas and Dallasville both there) and for the query shapes' results:
 * each key seek with read amplification 1.0, the contrasts with more. Skipped, saying why, when Chromium is not
 * installed (CI installs it: see .ci/run).
 */
@ExtendWith(RequiresChromium.class)
@SpringBootTest(webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT)
class DemoPageBrowserIT {

    private static final Pattern CARD = Pattern.compile("<article class=\"shape( contrast)?\" data-shape=\"([a-z-]+)\""
            + "([^>]*)>(.*?)</article>", Pattern.DOTALL);
    private static final Pattern ATTRIBUTE = Pattern.compile("data-([a-z]+)=\"([^\"]*)\"");

    @LocalServerPort
    private int port;

    @Test
    void showsTheTreeAndEveryQueryShapeWithItsReadAmplification(@TempDir Path temp) throws Exception {
        String dom = HeadlessChromium.find().orElseThrow().dumpDom("http://localhost:" + port + "/", temp.resolve("profile"),
                Duration.ofSeconds(15));

        assertThat(dom).as("the page finished loading").contains("data-ready=\"true\"");
        assertThat(dom).contains("Running on the embedded engine (in memory) at http://127.0.0.1:");
        assertThat(dom).as("the tree: states, the Texas facilities, a Dallas vehicle")
                .contains("data-key=\"CA\"", "data-key=\"NY\"", "data-key=\"TX\"", "data-key=\"TX|Dallas\"",
                        "data-key=\"TX|Dallasville\"", "data-key=\"TX|Houston\"",
                        "data-key=\"TX|Dallas|1HGCM82633A004352\"");

        Map<String, Card> cards = cards(dom);
        assertThat(cards).hasSize(11);
        cards.values().forEach(card -> assertThat(card.data()).as(card.id()).containsEntry("status", "done"));
        cards.values().stream().filter(card -> !card.contrast()).forEach(card -> assertThat(card.data())
                .as("read amplification of key seek %s", card.id()).containsEntry("amplification", "1.0"));
        assertThat(cards.get("filter-by-make").data()).containsEntry("amplification", "3.3");
        assertThat(cards.get("review-queue-by-scan").data()).containsEntry("amplification", "8.0");

        String selfAndUnder = cards.get("self-and-under").result();
        assertThat(selfAndUnder)
                .contains("Query rentals")
                .contains("state = \"TX\" AND _sk = \"TX|Dallas\" ; state = \"TX\" AND begins_with(_sk, \"TX|Dallas|\")")
                .contains("returned 5", "read 5", "read amplification 1.0")
                .contains("1HGCM82633A004352", "2T1BURHE0JC043821", "5YJ3E1EA7KF317000", "JTDKBRFU9J3059320")
                .contains("make Toyota · model Corolla · dailyRate 42")
                .doesNotContain("Dallasville", "version");
        assertThat(cards.get("self-and-under").html())
                .contains("Runs <code>rentalRepository.findSelfAndUnder(state, facility, options)</code>");
        assertThat(cards.get("review-queue-by-scan").result()).contains("Scan documents")
                .contains("SCAN FILTER attribute_exists(reviewFlag)");
    }

    private static Map<String, Card> cards(String dom) {
        Map<String, Card> cards = new LinkedHashMap<>();
        Matcher card = CARD.matcher(dom);
        while (card.find()) {
            Map<String, String> data = new LinkedHashMap<>();
            Matcher attribute = ATTRIBUTE.matcher(card.group(3));
            while (attribute.find()) {
                data.put(attribute.group(1), attribute.group(2));
            }
            cards.put(card.group(2), new Card(card.group(2), card.group(1) != null, data, card.group(4)));
        }
        return cards;
    }

    private record Card(String id, boolean contrast, Map<String, String> data, String html) {

        /** @return the card's result: the request, its statistics and the items */
        String result() {
            return html.substring(html.indexOf("<div class=\"result\">"));
        }
    }
}
