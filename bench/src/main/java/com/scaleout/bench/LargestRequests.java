package com.scaleout.bench;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.scaleout.functions.albums.AlbumService;
import com.scaleout.functions.imports.domain.ImportLimits;
import com.scaleout.functions.shared.json.Json;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * The largest requests the memory-hungry functions accept, made from their samples: what an environment's heap must
 * hold at its peak, beyond the common case the samples show.
 */
final class LargestRequests {
    private LargestRequests() {
    }

    /**
     * The import validation sample with the most records a request may carry: the whole body read, parsed and
     * validated, as a push does before its writes (which hold no more than the records).
     */
    static String importOfMostRecords(String validateSample) throws IOException {
        var event = (ObjectNode) Json.MAPPER.readTree(validateSample);
        var records = (ArrayNode) Json.MAPPER.readTree(event.get("body").asText());
        var template = (ObjectNode) records.get(0);
        var body = Json.MAPPER.createArrayNode();
        for (int i = 0; i < ImportLimits.MAX_RECORDS; i++) {
            var record = template.deepCopy();
            record.put("sequence", template.get("sequence").asLong() + i);
            ((ObjectNode) record.get("data")).put("id", i);
            body.add(record);
        }
        event.put("body", Json.MAPPER.writeValueAsString(body));
        ((ObjectNode) event.get("headers")).remove("content-length");
        return Json.MAPPER.writeValueAsString(event);
    }

    /** The album upload sample with the largest image accepted in place of its small one. */
    static String albumOfLargestImage(String uploadSample) throws IOException {
        var event = (ObjectNode) Json.MAPPER.readTree(uploadSample);
        byte[] multipart = Base64.getDecoder().decode(event.get("body").asText());
        String text = new String(multipart, StandardCharsets.ISO_8859_1);
        int imageStart = text.indexOf("\r\n\r\n") + 4; // after the first part's (the image's) headers
        String boundary = text.substring(0, text.indexOf("\r\n"));
        int imageEnd = text.indexOf("\r\n" + boundary, imageStart);
        byte[] image = new byte[AlbumService.MAX_IMAGE_BYTES];
        for (int i = 0; i < image.length; i++) {
            image[i] = (byte) (i * 31 + (i >>> 7)); // any bytes: the heap holds them whatever they are
        }
        var body = new ByteArrayOutputStream();
        body.write(multipart, 0, imageStart);
        body.write(image);
        body.write(multipart, imageEnd, multipart.length - imageEnd);
        event.put("body", Base64.getEncoder().encodeToString(body.toByteArray()));
        ((ObjectNode) event.get("headers")).remove("content-length");
        return Json.MAPPER.writeValueAsString(event);
    }
}
