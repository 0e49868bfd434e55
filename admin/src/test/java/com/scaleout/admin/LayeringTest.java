package com.scaleout.admin;

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
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * admin/'s package root: its classes live under {@code com.scaleout.admin} and no other module's class on its
 * classpath does, so the admin artifact is not packaged under the name of the functions' module it builds on, and no
 * package is split between the two. A class of admin's is told apart from its dependencies' by the folder it was
 * compiled to and, in the test folder, by where its source is: the functions' test support (the social fakes, the
 * settable clock) is compiled there too, from functions/src/test (pom.xml), and stays the functions'.
 */
@AnalyzeClasses(packages = "com.scaleout")
class LayeringTest {

    private static final Path MAIN_OUTPUT = outputOf(AdminHandler.class);
    private static final Path TEST_OUTPUT = outputOf(LayeringTest.class);
    /** Surefire runs in the module's folder. */
    private static final Path TEST_SOURCES = Path.of("src/test/java");

    private static final DescribedPredicate<JavaClass> COMPILED_IN_ADMIN = DescribedPredicate.describe(
            "compiled in admin/", javaClass -> javaClass.getSource()
                    .filter(source -> "file".equals(source.getUri().getScheme()))
                    .map(source -> compiledInAdmin(javaClass, source)).orElse(false));

    @ArchTest
    static final ArchRule adminClassesLiveUnderItsRoot = classes().that(COMPILED_IN_ADMIN)
            .should().resideInAPackage("com.scaleout.admin..");

    @ArchTest
    static final ArchRule noOtherModuleUsesAdminRoot = noClasses().that(not(COMPILED_IN_ADMIN))
            .should().resideInAPackage("com.scaleout.admin..");

    private static boolean compiledInAdmin(JavaClass javaClass, Source source) {
        Path classFile = Path.of(source.getUri());
        if (classFile.startsWith(MAIN_OUTPUT)) {
            return true;
        }
        return classFile.startsWith(TEST_OUTPUT) && source.getFileName()
                .map(file -> TEST_SOURCES.resolve(javaClass.getPackageName().replace('.', '/')).resolve(file))
                .filter(Files::isRegularFile).isPresent();
    }

    private static Path outputOf(Class<?> type) {
        try {
            return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }
}
