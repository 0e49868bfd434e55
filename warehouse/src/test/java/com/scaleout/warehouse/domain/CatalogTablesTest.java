package com.scaleout.warehouse.domain;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.functions.imports.domain.ImportedTable;
import org.junit.jupiter.api.Test;

/** Catalog names fit Glue and Athena, start with their client's prefix, and never merge two imported tables. */
class CatalogTablesTest {

    @Test
    void aNameThatFitsIsKeptBehindItsClientsPrefix() {
        assertThat(CatalogTables.name(new ImportedTable(42, "orders"))).isEqualTo("client_42__orders");
        assertThat(CatalogTables.name(new ImportedTable(42, "page_views_2"))).isEqualTo("client_42__page_views_2");
    }

    @Test
    void aNameThatHadToChangeKeepsItsOwnHash() {
        String upper = CatalogTables.name(new ImportedTable(42, "Orders"));
        String dotted = CatalogTables.name(new ImportedTable(42, "shop.orders"));

        assertThat(upper).matches("client_42__orders_[0-9a-f]{8}").isNotEqualTo("client_42__orders");
        assertThat(dotted).matches("client_42__shop_orders_[0-9a-f]{8}")
                .isNotEqualTo(CatalogTables.name(new ImportedTable(42, "shop_orders")))
                .isNotEqualTo(CatalogTables.name(new ImportedTable(42, "shop-orders")));
    }

    @Test
    void aLongNameFitsGluesLimit() {
        String name = CatalogTables.name(new ImportedTable(Long.MAX_VALUE, "t".repeat(4096)));

        assertThat(name).hasSizeLessThanOrEqualTo(CatalogTables.MAX_NAME_LENGTH).matches("[a-z0-9_]+");
    }

    @Test
    void aClientsPrefixNeverStartsAnotherClientsNames() {
        assertThat(CatalogTables.name(new ImportedTable(420, "orders")))
                .doesNotStartWith(CatalogTables.clientPrefix(42));
    }
}
