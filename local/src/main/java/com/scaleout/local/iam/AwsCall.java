package com.scaleout.local.iam;

/** One authorization an AWS request needs: an IAM action on a resource ARN. */
public record AwsCall(String action, String resource) {
}
