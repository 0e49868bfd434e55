package com.scaleout.local.backends;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which moto process a request goes to, from the tables it names. */
class MotoRoutesTest {
    private final MotoRoutes routes = new MotoRoutes(Set.of("SearchIndex", "TweetIndex"));

    private MotoRoutes.Route route(String operation, String body) throws MotoRoutes.MixedTables {
        return routes.of("DynamoDB_20120810." + operation, "/", body.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void aRequestGoesWhereTheTablesItNamesAre() throws Exception {
        assertThat(route("PutItem", "{\"TableName\": \"SearchIndex\", \"Item\": {}}"))
                .isEqualTo(MotoRoutes.Route.APART);
        assertThat(route("Query", "{\"TableName\": \"Tweets\"}")).isEqualTo(MotoRoutes.Route.MAIN);
        assertThat(route("BatchWriteItem", "{\"RequestItems\": {\"TweetIndex\": [], \"SearchIndex\": []}}"))
                .isEqualTo(MotoRoutes.Route.APART);
        assertThat(route("TransactWriteItems", "{\"TransactItems\": [{\"Put\": {\"TableName\": \"Users\"}},"
                + " {\"Update\": {\"TableName\": \"Follows\"}}]}")).isEqualTo(MotoRoutes.Route.MAIN);
        assertThat(route("ListTagsOfResource",
                "{\"ResourceArn\": \"arn:aws:dynamodb:us-east-1:123456789012:table/TweetIndex\"}"))
                .isEqualTo(MotoRoutes.Route.APART);
        assertThat(route("ListTables", "{}")).isEqualTo(MotoRoutes.Route.BOTH_LIST_TABLES);
    }

    @Test
    void streamsS3AndMotosOwnApiGoToTheMainProcessExceptTheResetWhichGoesToBoth() throws Exception {
        assertThat(routes.of("DynamoDBStreams_20120810.GetRecords", "/", "{\"ShardIterator\": \"x\"}"
                .getBytes(StandardCharsets.UTF_8))).isEqualTo(MotoRoutes.Route.MAIN);
        assertThat(routes.of(null, "/bucket/key", new byte[0])).isEqualTo(MotoRoutes.Route.MAIN);
        assertThat(routes.of(null, "/moto-api/reset", new byte[0])).isEqualTo(MotoRoutes.Route.BOTH_RESET);
        assertThat(route("GetItem", "not json")).isEqualTo(MotoRoutes.Route.MAIN);
    }

    @Test
    void aRequestNamingTablesOfBothIsRefused() {
        assertThatThrownBy(() -> route("TransactWriteItems", "{\"TransactItems\": [{\"Put\": {\"TableName\":"
                + " \"Users\"}}, {\"Put\": {\"TableName\": \"SearchIndex\"}}]}"))
                .isInstanceOf(MotoRoutes.MixedTables.class).hasMessageContaining("[Users, SearchIndex]");
        assertThatThrownBy(() -> route("BatchGetItem", "{\"RequestItems\": {\"TweetIndex\": {}, \"Tweets\": {}}}"))
                .isInstanceOf(MotoRoutes.MixedTables.class);
    }
}
