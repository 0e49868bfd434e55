package com.scaleout.client;

/** The API refused a call whose caller wanted its value: the answer, status and message included. */
public final class ApiError extends RuntimeException {
    private static final long serialVersionUID = 1L;
    private final transient ApiResponse response;

    public ApiError(ApiResponse response) {
        super(response.describe());
        this.response = response;
    }

    public ApiResponse response() {
        return response;
    }

    public int status() {
        return response.status();
    }

    /** The answer when it is a success, else this error. */
    static ApiResponse unlessFailed(ApiResponse response) {
        if (!response.isSuccess()) {
            throw new ApiError(response);
        }
        return response;
    }
}
