package com.scaleout.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.FunctionSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

class ColdStartBenchTest {
    @Test
    void everyFunctionStartsOnASampleThatExists() {
        var functions = ScaleoutDeclaration.declaration().functions().stream().map(FunctionSpec::name).toList();

        assertThat(ColdStartBench.SAMPLES.keySet()).containsExactlyInAnyOrderElementsOf(functions);
        ColdStartBench.SAMPLES.values().forEach(sample ->
                assertThat(Files.isRegularFile(Path.of("..", "events").resolve(sample))).as(sample).isTrue());
    }
}
