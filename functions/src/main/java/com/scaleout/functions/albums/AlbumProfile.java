package com.scaleout.functions.albums;

import com.fasterxml.jackson.databind.JsonNode;
import com.scaleout.functions.shared.failure.InvalidInputException;
import com.scaleout.functions.shared.json.Json;
import com.scaleout.functions.shared.http.RequestJson;
import com.scaleout.functions.shared.text.Unicode;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * An album's profile. Clients send it as JSON or, as the AlbumStore's generated Java client does, as its
 * {@code toString()}: {@code class AlbumsProfile {\n    artist: X\n    title: Y\n    year: Z\n}}. The year must be a
 * number, and is kept and returned as a string, as the published API has it.
 */
public record AlbumProfile(String artist, String title, String year) {
    public static final int MAX_FIELD = 500;
    private static final Pattern YEAR = Pattern.compile("-?\\d{1,9}");
    private static final Pattern TEXT_LINE = Pattern.compile("^\\s*(artist|title|year)\\s*:\\s?(.*?)\\s*$");

    public static AlbumProfile parse(String text) {
        if (text == null || text.isBlank()) {
            throw InvalidInputException.because("profile is empty");
        }
        String trimmed = text.strip();
        Map<String, String> fields = trimmed.startsWith("{") ? fromJson(trimmed) : fromText(trimmed);
        String artist = fields.get("artist");
        String title = fields.get("title");
        String year = fields.get("year");
        if (artist == null || title == null || year == null) {
            throw InvalidInputException.because("profile needs artist, title and year");
        }
        if (!Unicode.isWellFormed(artist) || !Unicode.isWellFormed(title) || !Unicode.isWellFormed(year)) {
            throw InvalidInputException.because("profile " + RequestJson.NOT_UNICODE);
        }
        if (!YEAR.matcher(year.strip()).matches()) {
            throw InvalidInputException.because("profile year must be a number");
        }
        if (artist.length() > MAX_FIELD || title.length() > MAX_FIELD) {
            throw InvalidInputException.because("profile artist and title must be at most " + MAX_FIELD + " characters");
        }
        return new AlbumProfile(artist, title, year.strip());
    }

    private static Map<String, String> fromJson(String json) {
        try {
            JsonNode node = Json.MAPPER.readTree(json);
            var fields = new HashMap<String, String>();
            for (String name : new String[] {"artist", "title", "year"}) {
                JsonNode value = node.get(name);
                if (value != null && (value.isTextual() || value.isNumber())) {
                    fields.put(name, value.asText());
                }
            }
            return fields;
        } catch (Exception e) {
            throw InvalidInputException.because("profile is not valid JSON");
        }
    }

    /** The generated client's {@code toString()}: one {@code name: value} per line inside {@code class X {...}}. */
    private static Map<String, String> fromText(String text) {
        if (!text.startsWith("class ") || !text.endsWith("}")) {
            throw InvalidInputException.because("profile is neither JSON nor an AlbumsProfile");
        }
        var fields = new HashMap<String, String>();
        for (String line : text.substring(text.indexOf('{') + 1, text.length() - 1).split("\\R")) {
            var m = TEXT_LINE.matcher(line);
            if (m.matches()) {
                fields.put(m.group(1), m.group(2));
            }
        }
        return fields;
    }
}
