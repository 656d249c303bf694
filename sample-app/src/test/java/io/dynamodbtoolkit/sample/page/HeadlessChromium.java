package io.dynamodbtoolkit.sample.page;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Loads a page in headless Chromium and returns its DOM after its scripts ran ({@code --dump-dom} with a virtual time
 * budget, which also waits for the page's network requests). Chromium is Debian's {@code chromium} package, or the
 * executable named by the system property {@value #PROPERTY} or the environment variable {@code CHROMIUM}.
 */
final class HeadlessChromium {

    /** System property naming the Chromium executable. */
    static final String PROPERTY = "sample.chromium";

    private static final List<String> CANDIDATES = List.of("chromium", "chromium-browser", "google-chrome",
            "google-chrome-stable");
    private static final Duration TIMEOUT = Duration.ofSeconds(90);

    private final Path executable;

    private HeadlessChromium(Path executable) {
        this.executable = executable;
    }

    /** @return Chromium, if this machine has it */
    static Optional<HeadlessChromium> find() {
        String configured = System.getProperty(PROPERTY, System.getenv("CHROMIUM"));
        if (configured != null && !configured.isBlank()) {
            return Optional.of(Path.of(configured)).filter(Files::isExecutable).map(HeadlessChromium::new);
        }
        return Stream.of(System.getenv("PATH").split(java.io.File.pathSeparator))
                .flatMap(directory -> CANDIDATES.stream().map(name -> Path.of(directory, name)))
                .filter(Files::isExecutable).findFirst().map(HeadlessChromium::new);
    }

    /**
     * @param url            the page
     * @param userDataDir    a fresh directory for the browser's profile
     * @param virtualTimeout how long (in virtual time) the page may run its scripts and requests
     * @return the page's DOM, serialized
     */
    String dumpDom(String url, Path userDataDir, Duration virtualTimeout) throws IOException, InterruptedException {
        Path dom = userDataDir.resolveSibling(userDataDir.getFileName() + "-dom.html");
        Path log = userDataDir.resolveSibling(userDataDir.getFileName() + "-chromium.log");
        Process process = new ProcessBuilder(executable.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + userDataDir,
                "--virtual-time-budget=" + virtualTimeout.toMillis(), "--dump-dom", url)
                .redirectOutput(dom.toFile()).redirectError(log.toFile()).start();
        try {
            if (!process.waitFor(TIMEOUT.toSeconds(), TimeUnit.SECONDS)) {
                throw new IllegalStateException("Chromium did not finish loading " + url + " within " + TIMEOUT);
            }
        } finally {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        if (process.exitValue() != 0) {
            throw new IllegalStateException("Chromium exited with " + process.exitValue() + ":\n"
                    + Files.readString(log, StandardCharsets.UTF_8));
        }
        return Files.readString(dom, StandardCharsets.UTF_8);
    }

    @Override
    public String toString() {
        return executable.toString();
    }
}
