package com.scaleout.bench;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.Source;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.List;

/**
 * bench/'s package root: its classes live under {@code com.scaleout.bench} and no other module's class on its
 * classpath does, so no package is split between bench and the modules it builds on (the emulator, local/, never
 * depends on bench: Maven's module graph forbids that arrow). A class of bench's is told apart from its dependencies'
 * by the folder it was compiled to.
 */
@AnalyzeClasses(packages = "com.scaleout")
class LayeringTest {

    private static final List<Path> BENCH_OUTPUT = List.of(outputOf(Bench.class), outputOf(LayeringTest.class));

    private static final DescribedPredicate<JavaClass> COMPILED_IN_BENCH = DescribedPredicate.describe(
            "compiled in bench/", javaClass -> javaClass.getSource().map(Source::getUri)
                    .filter(uri -> "file".equals(uri.getScheme())).map(Path::of)
                    .map(path -> BENCH_OUTPUT.stream().anyMatch(path::startsWith)).orElse(false));

    @ArchTest
    static final ArchRule benchClassesLiveUnderItsRoot = classes().that(COMPILED_IN_BENCH)
            .should().resideInAPackage("com.scaleout.bench..");

    @ArchTest
    static final ArchRule noOtherModuleUsesBenchRoot = noClasses().that(not(COMPILED_IN_BENCH))
            .should().resideInAPackage("com.scaleout.bench..");

    private static Path outputOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
