package com.scaleout.warehouse;

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
 * warehouse/'s package root: its classes live under {@code com.scaleout.warehouse} and no other module's class on its
 * classpath does, so the loader's artifact is not packaged under the name of the functions' module it builds on, and
 * no package is split between the two. A class of warehouse's is told apart from its dependencies' by the folder it
 * was compiled to.
 */
@AnalyzeClasses(packages = "com.scaleout")
class LayeringTest {

    private static final List<Path> WAREHOUSE_OUTPUT = List.of(outputOf(WarehouseComponents.class),
            outputOf(LayeringTest.class));

    private static final DescribedPredicate<JavaClass> COMPILED_IN_WAREHOUSE = DescribedPredicate.describe(
            "compiled in warehouse/", javaClass -> javaClass.getSource().map(Source::getUri)
                    .filter(uri -> "file".equals(uri.getScheme())).map(Path::of)
                    .map(path -> WAREHOUSE_OUTPUT.stream().anyMatch(path::startsWith)).orElse(false));

    @ArchTest
    static final ArchRule warehouseClassesLiveUnderItsRoot = classes().that(COMPILED_IN_WAREHOUSE)
            .should().resideInAPackage("com.scaleout.warehouse..");

    @ArchTest
    static final ArchRule noOtherModuleUsesWarehouseRoot = noClasses().that(not(COMPILED_IN_WAREHOUSE))
            .should().resideInAPackage("com.scaleout.warehouse..");

    private static Path outputOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
