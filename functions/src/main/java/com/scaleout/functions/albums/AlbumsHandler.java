package com.scaleout.functions.albums;

import com.scaleout.functions.shared.snapstart.Priming;
import com.scaleout.functions.shared.snapstart.PrimingRequests;
import com.amazonaws.services.lambda.runtime.events.APIGatewayV2HTTPResponse;
import com.scaleout.functions.shared.aws.AwsClients;
import com.scaleout.functions.shared.http.ApiHandler;
import com.scaleout.functions.shared.http.ApiRequest;
import com.scaleout.functions.shared.http.ErrorBody;
import com.scaleout.functions.shared.http.HttpResponses;
import java.util.List;
import java.util.Map;

/**
 * The AlbumStore API (1.0-1.2), compatible with its existing clients: a new album answers 200 (their client
 * counts anything else as a failure), errors are {@code {"msg": ...}}, counts are strings.
 */
public final class AlbumsHandler extends ApiHandler {
    public AlbumsHandler() {
        this(new AlbumService(new DynamoAlbumStore(AwsClients.dynamoDb()),
                new S3ImageStore(AwsClients.s3())));
    }

    AlbumsHandler(AlbumService albums) {
        super(Map.of(
                "POST /albums", request -> post(albums, request),
                "GET /albums/{albumID}", request -> {
                    var album = albums.get(request.pathParameter("albumID"));
                    return HttpResponses.json(200, album.profile());
                },
                "POST /review/{likeornot}/{albumID}", request -> {
                    albums.review(request.pathParameter("likeornot"), request.pathParameter("albumID"));
                    return HttpResponses.json(201, Map.of()); // counted moments later: GET /review shows it
                },
                "GET /review/{albumID}", request -> HttpResponses.json(200,
                        reviews(albums.get(request.pathParameter("albumID"))))));
    }

    /**
     * An album and its reviews that do not exist (GetItems, 404s). S3 is not primed: only posting an album, a
     * write, reaches it.
     */
    @Override
    protected void warmUp() {
        var missing = Map.of("albumID", PrimingRequests.MISSING_ID);
        handleRequest(PrimingRequests.http("GET /albums/{albumID}", missing), null);
        handleRequest(PrimingRequests.http("GET /review/{albumID}", missing), null);
        Priming.serialize(new Created(PrimingRequests.MISSING_ID, "0"), new Reviews("0", "0"));
    }

    record Created(String albumID, String imageSize) {
    }

    record Reviews(String likes, String dislikes) {
    }

    record Msg(String msg) {
    }

    private static APIGatewayV2HTTPResponse post(AlbumService albums, ApiRequest request) {
        var album = albums.post(MultipartForm.parse(request.bodyBytes(), request.header("content-type")));
        return HttpResponses.json(200, new Created(album.id(), Long.toString(album.imageSize())));
    }

    private static Reviews reviews(AlbumStore.Album album) {
        return new Reviews(Long.toString(album.likes()), Long.toString(album.dislikes()));
    }

    @Override
    protected APIGatewayV2HTTPResponse error(int status, String message, List<ErrorBody.FieldError> errors,
                                             String requestId) {
        return HttpResponses.json(status, new Msg(message));
    }
}
