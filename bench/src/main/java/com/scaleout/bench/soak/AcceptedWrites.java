package com.scaleout.bench.soak;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.json.Json;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What the soak's clients were told, read back from their {@code *-writes.jsonl} (one JSON object a line, with a
 * {@code kind} and an {@code outcome}: {@code accepted}, or {@code unsure} when the client never learned whether the
 * write was stored). Lines are in the order each client made them, which is all the order the checks need: a
 * follow edge is only ever changed by its follower's own client.
 */
public record AcceptedWrites(List<User> users, List<Tweet> tweets, List<Retweet> retweets, List<FollowChange> follows,
                             List<Album> albums, List<Review> reviews, List<ImportRecord> imports) {
    public record User(String username, boolean accepted) {
    }

    /** A tweet or a reply ({@code inReplyTo} set); {@code id} is null when no answer came. */
    public record Tweet(String id, String author, String text, String inReplyTo, boolean accepted) {
    }

    public record Retweet(String user, String tweetId, boolean accepted) {
    }

    /** A follow ({@code follows}) or an unfollow of {@code followee} by {@code follower}. */
    public record FollowChange(String follower, String followee, boolean follows, boolean accepted) {
    }

    public record Album(String id, boolean accepted) {
    }

    public record Review(String albumId, boolean like, boolean accepted) {
    }

    public record ImportRecord(long clientId, String table, String key, long sequence, boolean accepted) {
    }

    public static AcceptedWrites read(Path dir) throws IOException {
        var lines = new ArrayList<JsonNode>();
        try (Stream<Path> files = Files.list(dir)) {
            for (Path file : files.filter(f -> f.getFileName().toString().endsWith("-writes.jsonl")).sorted()
                    .toList()) {
                for (String line : Files.readAllLines(file)) {
                    if (!line.isBlank()) {
                        lines.add(Json.MAPPER.readTree(line));
                    }
                }
            }
        }
        return of(lines);
    }

    static AcceptedWrites of(List<JsonNode> lines) {
        var writes = new AcceptedWrites(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(),
                new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (JsonNode line : lines) {
            boolean accepted = "accepted".equals(line.path("outcome").asText());
            switch (line.path("kind").asText()) {
                case "user" -> writes.users.add(new User(text(line, "user"), accepted));
                case "tweet" -> writes.tweets.add(new Tweet(text(line, "id"), text(line, "user"), text(line, "text"),
                        text(line, "inReplyTo"), accepted));
                case "retweet" -> writes.retweets.add(new Retweet(text(line, "user"), text(line, "tweet"), accepted));
                case "follow", "unfollow" -> writes.follows.add(new FollowChange(text(line, "user"),
                        text(line, "followee"), "follow".equals(line.path("kind").asText()), accepted));
                case "album" -> writes.albums.add(new Album(text(line, "id"), accepted));
                case "review" -> writes.reviews.add(new Review(text(line, "album"),
                        "like".equals(text(line, "verdict")), accepted));
                case "import" -> writes.imports.add(new ImportRecord(line.path("client").asLong(),
                        text(line, "table"), text(line, "key"), line.path("sequence").asLong(), accepted));
                default -> throw new IllegalArgumentException("unknown kind of write: " + line);
            }
        }
        return writes;
    }

    private static String text(JsonNode line, String field) {
        JsonNode value = line.path(field);
        return value.isNull() || value.isMissingNode() ? null : value.asText();
    }

    public long acceptedCount() {
        return Stream.of(users, tweets, retweets, follows, albums, reviews, imports).flatMap(List::stream)
                .filter(AcceptedWrites::accepted).count();
    }

    private static boolean accepted(Record write) {
        return switch (write) {
            case User u -> u.accepted();
            case Tweet t -> t.accepted();
            case Retweet r -> r.accepted();
            case FollowChange f -> f.accepted();
            case Album a -> a.accepted();
            case Review r -> r.accepted();
            case ImportRecord i -> i.accepted();
            default -> false;
        };
    }
}
