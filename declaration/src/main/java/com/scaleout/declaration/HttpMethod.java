package com.scaleout.declaration;

/** HTTP methods an API Gateway HTTP API route can match. */
public enum HttpMethod {
    GET, POST, PUT, DELETE, PATCH, HEAD, OPTIONS
}
