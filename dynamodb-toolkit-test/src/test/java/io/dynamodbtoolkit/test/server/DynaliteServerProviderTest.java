package io.dynamodbtoolkit.test.server;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DynaliteServerProviderTest {

    private final DynaliteServerProvider provider = new DynaliteServerProvider();

    @TempDir
    Path temp;

    @Test
    void isUnavailableWithoutDynaliteAndSaysHowToInstallIt() throws Exception {
        Path emptyPath = Files.createDirectories(temp.resolve("empty-bin"));
        BackendSettings settings = BackendSettings.of(Map.of(), Map.of("PATH", emptyPath.toString()), temp);

        Availability availability = provider.availability(settings);

        assertThat(availability.isAvailable()).isFalse();
        assertThat(availability.reason()).contains("dynalite was not found").contains("npm install --save-dev dynalite");
    }

    @Test
    void findsDynaliteInANodeModulesDirectoryOfAParent() throws Exception {
        Path executable = Scripts.executable(temp.resolve("node_modules/.bin/dynalite"), "exit 0");
        Path module = Files.createDirectories(temp.resolve("project/module"));
        BackendSettings settings = BackendSettings.of(Map.of(), Map.of("PATH", ""), module);

        assertThat(provider.findExecutable(settings)).contains(executable);
        assertThat(provider.isAvailable(settings)).isTrue();
    }
}
