package com.scaleout.bench.cost;

/**
 * The AWS prices the cost table uses: us-east-1, on-demand, as published on 2026-11-30 (the same figures as
 * docs/deploy.md's estimate). Sources: aws.amazon.com/api-gateway/pricing (HTTP APIs), aws.amazon.com/lambda/pricing
 * (arm64, which the CDK app deploys), aws.amazon.com/dynamodb/pricing/on-demand (after the November 2024 cut of
 * on-demand throughput prices by half), aws.amazon.com/elasticache/pricing (Serverless, Valkey),
 * aws.amazon.com/s3/pricing (S3 Standard requests). Every figure is dollars per one unit.
 */
public final class AwsPrices {
    public static final String REGION = "us-east-1";
    public static final String DATE = "2026-11-30";
    /** HTTP API, first 300 million requests a month. */
    public static final double HTTP_API_REQUEST = 1.00 / 1e6;
    public static final double LAMBDA_REQUEST = 0.20 / 1e6;
    /** arm64. */
    public static final double LAMBDA_GB_SECOND = 0.0000133334;
    public static final double DYNAMODB_READ_REQUEST_UNIT = 0.125 / 1e6;
    public static final double DYNAMODB_WRITE_REQUEST_UNIT = 0.625 / 1e6;
    /** ElastiCache Serverless for Valkey: 1 ECPU per simple command per KB transferred. */
    public static final double ECPU = 0.00227 / 1e6;
    public static final double S3_PUT = 0.005 / 1000;
    public static final double S3_GET = 0.0004 / 1000;

    private AwsPrices() {
    }

    /** A Lambda invocation: the request and its GB-seconds, billed by the millisecond. */
    public static double lambda(int memoryMb, double durationMillis) {
        return LAMBDA_REQUEST + memoryMb / 1024.0 * Math.ceil(durationMillis) / 1000 * LAMBDA_GB_SECOND;
    }

    /** What a meter reading's DynamoDB, cache and S3 work costs. */
    public static double work(InvocationMeter.Reading reading) {
        double s3 = 0;
        for (var call : reading.s3Calls().entrySet()) {
            boolean write = call.getKey().startsWith("Put") || call.getKey().startsWith("Copy")
                    || call.getKey().startsWith("List") || call.getKey().startsWith("Create");
            s3 += call.getValue() * (write ? S3_PUT : S3_GET);
        }
        return reading.readUnits() * DYNAMODB_READ_REQUEST_UNIT + reading.writeUnits() * DYNAMODB_WRITE_REQUEST_UNIT
                + reading.ecpus() * ECPU + s3;
    }

    /** An invocation's whole cost: Lambda plus its work. */
    public static double invocation(Meters.Invocation invocation) {
        return lambda(invocation.memoryMb(), invocation.durationMillis()) + work(invocation.reading());
    }
}
