package com.scaleout.functions.health;

import software.amazon.awssdk.services.dynamodb.DynamoDbClient;

/** DynamoDB answers a one-table ListTables: proves endpoint, credentials and network in one cheap call. */
public final class DynamoDbProbe implements DependencyProbe {
    private final DynamoDbClient dynamoDb;

    public DynamoDbProbe(DynamoDbClient dynamoDb) {
        this.dynamoDb = dynamoDb;
    }

    @Override
    public String name() {
        return "dynamodb";
    }

    @Override
    public void check() {
        dynamoDb.listTables(r -> r.limit(1));
    }
}
