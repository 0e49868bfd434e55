package com.scaleout.local.backends;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DynamoDbGateTest {

    @Test
    void readsShareTheGateAndEverythingElseRunsAlone() {
        assertThat(DynamoDbGate.isRead("DynamoDB_20120810.GetItem")).isTrue();
        assertThat(DynamoDbGate.isRead("DynamoDB_20120810.Query")).isTrue();
        assertThat(DynamoDbGate.isRead("DynamoDBStreams_20120810.GetRecords")).isTrue();
        assertThat(DynamoDbGate.isRead("DynamoDB_20120810.TransactWriteItems")).isFalse();
        assertThat(DynamoDbGate.isRead("DynamoDB_20120810.PutItem")).isFalse();
        assertThat(DynamoDbGate.isRead("DynamoDB_20120810.UpdateItem")).isFalse();
        assertThat(DynamoDbGate.isRead(null)).as("moto's own API, e.g. reset").isFalse();
    }
}
