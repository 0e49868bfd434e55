package com.scaleout.functions.imports.http;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.scaleout.functions.imports.ImportFakes.MemoryKeyStore;
import com.scaleout.functions.imports.application.ImportKeys;
import com.scaleout.functions.shared.http.AdminKey;
import com.scaleout.functions.testing.SettableClock;
import com.scaleout.functions.testing.fuzz.RouteFuzzing;
import java.time.Duration;
import java.util.Optional;

/** The import keys' admin routes on any request, behind the samples' admin key. */
class ImportKeysAdminRoutesFuzzTest {

    @FuzzTest(maxDuration = "5s")
    void routes(byte[] input) {
        var keys = new ImportKeys(new MemoryKeyStore(), new SettableClock(ImportRoutesWorld.START),
                Duration.ofSeconds(2));
        var handler = new ImportKeysAdminHandler(keys, new AdminKey(Optional.of("test-admin-key")));
        RouteFuzzing.exercise(handler, handler.routes().keySet(), input, "message");
    }
}
