package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class StackUrlFileTest {

    @Test
    void upWritesItsUrlWhileItRunsAndRemovesItWhenItStops(@TempDir Path dir) throws IOException {
        var file = new StackUrlFile(dir.resolve("data"));
        assertThat(file.read()).isEmpty();

        file.write("http://127.0.0.1:41234", "http://127.0.0.1:45678");
        assertThat(file.read()).contains("http://127.0.0.1:41234");
        assertThat(new StackUrlFile(dir.resolve("data")).read()).contains("http://127.0.0.1:41234");
        assertThat(new StackUrlFile(dir.resolve("data")).readBackend()).contains("http://127.0.0.1:45678");

        file.delete();
        assertThat(file.read()).isEmpty();
        assertThat(file.readBackend()).isEmpty();
    }
}
