package com.scaleout.local.cost;

import java.util.List;
import java.util.Map;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.QueryRequest;
import software.amazon.awssdk.services.dynamodb.model.ScanRequest;

/** Reads the meter makes for itself, uncounted: the whole items an operation touched, to know their sizes. */
public interface SideReads {
    /** The item with {@code key} in {@code table}, or an empty map. */
    Map<String, AttributeValue> item(String table, Map<String, AttributeValue> key);

    /** The items a query page evaluated (no filter, no projection). */
    List<Map<String, AttributeValue>> query(QueryRequest request);

    /** The items a scan page evaluated (no filter, no projection). */
    List<Map<String, AttributeValue>> scan(ScanRequest request);
}
