package com.scaleout.warehouse.duckdb;

/** SQL text for names and strings that come from the data: quoted, never pasted. */
public final class Sql {
    private Sql() {
    }

    /** A quoted identifier: {@code "name"}, with any {@code "} doubled. */
    public static String identifier(String name) {
        return '"' + name.replace("\"", "\"\"") + '"';
    }

    /** A string literal: {@code 'text'}, with any {@code '} doubled. */
    public static String literal(String text) {
        return '\'' + text.replace("'", "''") + '\'';
    }
}
