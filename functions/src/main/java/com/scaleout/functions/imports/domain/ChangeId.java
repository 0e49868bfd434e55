package com.scaleout.functions.imports.domain;

/**
 * One version of one stored record. A record's sequence only grows, so the pair names exactly one applied change:
 * a stream record delivered again carries the same id.
 */
public record ChangeId(String recordId, long sequence) {
}
