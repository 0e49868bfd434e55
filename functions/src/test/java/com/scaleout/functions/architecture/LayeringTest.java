package com.scaleout.functions.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The arrows between the functions' layers (DESIGN.md): HTTP is an edge, so the domain and the application
 * services never see it; adapters implement the application's ports and know nothing of HTTP either; shared code knows no
 * workload. A rule broken here is a boundary moved back to the wrong place.
 */
@AnalyzeClasses(packages = "com.scaleout.functions", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {

    @ArchTest
    static final ArchRule theDomainAndTheApplicationKnowNothingOfHttp = noClasses()
            .that().resideInAnyPackage("..domain..", "..application..", "..streams..")
            .should().dependOnClassesThat().resideInAnyPackage("..http..");

    @ArchTest
    static final ArchRule theDomainKnowsNoStoreNorService = noClasses()
            .that().resideInAPackage("..domain..")
            .should().dependOnClassesThat().resideInAnyPackage("..dynamodb..", "..redis..", "..application..",
                    "software.amazon.awssdk..", "io.lettuce..");

    @ArchTest
    static final ArchRule adaptersImplementPortsAndKnowNothingOfHttp = noClasses()
            .that().resideInAnyPackage("..dynamodb..", "..redis..", "..s3..")
            .should().dependOnClassesThat().resideInAnyPackage("..http..");

    @ArchTest
    static final ArchRule sharedCodeKnowsNoWorkload = noClasses()
            .that().resideInAPackage("com.scaleout.functions.shared..")
            .should().dependOnClassesThat().resideInAnyPackage("com.scaleout.functions.social..",
                    "com.scaleout.functions.imports..", "com.scaleout.functions.albums..",
                    "com.scaleout.admin..", "com.scaleout.functions.health..");

    @ArchTest
    static final ArchRule workloadsDoNotReachIntoEachOther = noClasses()
            .that().resideInAnyPackage("com.scaleout.functions.social..", "com.scaleout.functions.imports..",
                    "com.scaleout.functions.albums..")
            .should().dependOnClassesThat().resideInAnyPackage("com.scaleout.admin..",
                    "com.scaleout.functions.health..");

    /** Admin may seed the social tables; the three workloads themselves share only what is in shared. */
    @ArchTest
    static final ArchRule theWorkloadsShareOnlySharedCode = slices()
            .matching("com.scaleout.functions.(social|imports|albums)..")
            .should().notDependOnEachOther();
}
