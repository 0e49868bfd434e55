package com.scaleout.declaration;

/**
 * The Lambda artifact a function ships in: each is a Maven module's shaded jar, so that a library only one
 * function needs (the admin function's data generators) goes to that function alone.
 */
public enum Artifact {
    /** Every workload's function: the handlers, the domain and the adapters. */
    FUNCTIONS("functions", "scaleout-functions-lambda.jar"),
    /** The admin function (the test interface), built on the functions' plain jar with its own libraries. */
    ADMIN("admin", "scaleout-admin-lambda.jar"),
    /** The warehouse loader, with DuckDB's native library, which no other function carries. */
    WAREHOUSE("warehouse", "scaleout-warehouse-lambda.jar");

    private final String module;
    private final String jarName;

    Artifact(String module, String jarName) {
        this.module = module;
        this.jarName = jarName;
    }

    /** The shaded jar, relative to the repository's root: {@code <module>/target/<jar>}. */
    public String path() {
        return module + "/target/" + jarName;
    }
}
