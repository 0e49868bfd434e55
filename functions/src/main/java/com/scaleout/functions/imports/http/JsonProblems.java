package com.scaleout.functions.imports.http;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.core.exc.StreamConstraintsException;

/**
 * What is wrong with a body that is not JSON, in the client's words: where, and which rule of JSON or which limit.
 * The parser's own message names its classes and switches ({@code JsonReadFeature...}), which no client can set.
 */
final class JsonProblems {
    private JsonProblems() {
    }

    /** The problem {@code e} reports, with its line and column ({@code parserAt} when {@code e} has none). */
    static String describe(JsonProcessingException e, JsonLocation parserAt) {
        String what = switch (e) {
            case StreamConstraintsException beyondALimit -> limits();
            case JsonEOFException endedEarly -> "the body ends inside a JSON value (an array, object or string is"
                    + " not closed)";
            default -> "not valid JSON (standard JSON has no comments, NaN or Infinity, leading + or 0 in numbers,"
                    + " or single-quoted strings)";
        };
        return what + where(e.getLocation() == null ? parserAt : e.getLocation());
    }

    /** A number of more characters than {@link RequestBodies#NUMBERS} allows. */
    static String numberTooLong() {
        return "a number has more than " + RequestBodies.NUMBERS.getMaxNumberLength() + " characters";
    }

    /** A number whose exponent no decimal holds. */
    static String numberOutOfRange(String number, JsonLocation at) {
        return "the number " + number + " is out of range" + where(at);
    }

    /** One text for every limit, since the parser tells them apart only in its own words. */
    private static String limits() {
        var limits = RequestBodies.NUMBERS;
        return "a value is beyond the limits of a body: numbers of at most " + limits.getMaxNumberLength()
                + " characters, at most " + limits.getMaxNestingDepth() + " levels of nested arrays and objects,"
                + " strings of at most " + limits.getMaxStringLength() + " characters";
    }

    /** {@code " at line L, column C"}, or nothing when the location is unknown. */
    static String where(JsonLocation location) {
        return location == null || location.getLineNr() < 1 ? ""
                : " at line " + location.getLineNr() + ", column " + location.getColumnNr();
    }
}
