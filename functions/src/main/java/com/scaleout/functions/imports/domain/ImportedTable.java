package com.scaleout.functions.imports.domain;

import java.util.Objects;

/** One table of one client: what a change log and its statistics belong to. */
public record ImportedTable(long clientId, String name) {

    public ImportedTable {
        Objects.requireNonNull(name, "name");
    }
}
