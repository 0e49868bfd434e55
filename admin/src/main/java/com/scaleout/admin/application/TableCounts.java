package com.scaleout.admin.application;

import java.util.Map;

/** Items per table, by logical name. */
public interface TableCounts {
    Map<String, Long> itemCounts();
}
