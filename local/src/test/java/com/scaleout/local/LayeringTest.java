package com.scaleout.local;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;

/**
 * local/'s main code has no import circle: each package below {@code com.scaleout.local} is one part, and each class
 * of the root package (the runtime, its configuration, its settings) a part of its own, and no part reaches back to
 * itself. The circle this guards against ran from the settings through the HTTP API, the WebSocket gateway and the
 * route throttles back to the settings (the throttles now live with the other limits, which name no setting).
 */
@AnalyzeClasses(packages = "com.scaleout.local", importOptions = ImportOption.DoNotIncludeTests.class)
class LayeringTest {
    private static final String ROOT = "com.scaleout.local";

    private static final SliceAssignment PARTS = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
            String name = javaClass.getPackageName();
            if (name.equals(ROOT)) {
                return SliceIdentifier.of(javaClass.getName().substring(ROOT.length() + 1).split("\\$")[0]);
            }
            if (name.startsWith(ROOT + ".")) {
                return SliceIdentifier.of(name.substring(ROOT.length() + 1).split("\\.")[0] + "/");
            }
            return SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "local's packages, and each class of its root package";
        }
    };

    @ArchTest
    static final ArchRule noImportCircle = slices().assignedFrom(PARTS).should().beFreeOfCycles();
}
