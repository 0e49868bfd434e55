package com.scaleout.local;

import static com.scaleout.declaration.Setting.Source.LOCAL_RUNTIME;

import com.scaleout.declaration.Setting;
import com.scaleout.local.http.LocalHttpApi;
import com.scaleout.local.lambda.AccountConcurrency;
import java.util.List;

/**
 * The local runtime's own knobs, declared once: what it reads for itself (ports, directories, emulator processes,
 * faults), never what a function reads; those are the declaration's {@link com.scaleout.declaration.Settings}. As
 * there, a system property of the same name wins over the environment (which is how tests set them).
 */
public final class LocalSettings {
    public static final Setting PORT = Setting.of("PORT", "3000", LOCAL_RUNTIME,
            "the API's port on 127.0.0.1 (0 picks a free one)");
    public static final Setting DATA_DIR = Setting.of("SCALEOUT_DATA_DIR", ".scaleout", LOCAL_RUNTIME,
            "logs and on-failure records");
    public static final Setting AUTHORIZER_TTL_SECONDS = Setting.of("SCALEOUT_AUTHORIZER_TTL_SECONDS", LOCAL_RUNTIME,
            "overrides every authorizer's cache TTL (0 disables it)");
    public static final Setting STREAM_POLL_MILLIS = Setting.of("SCALEOUT_STREAM_POLL_MILLIS", "100", LOCAL_RUNTIME,
            "idle interval between stream reads");
    public static final Setting ACCOUNT_CONCURRENCY = Setting.of("SCALEOUT_ACCOUNT_CONCURRENCY",
            String.valueOf(AccountConcurrency.DEFAULT_LIMIT), LOCAL_RUNTIME,
            "the account's concurrency limit, shared by every function (Lambda's); functions without reserved "
                    + "concurrency scale on demand up to what reservations leave");
    public static final Setting EXECUTION_SLOTS = Setting.of("SCALEOUT_EXECUTION_SLOTS",
            String.valueOf(LocalHttpApi.DEFAULT_EXECUTION_SLOTS), LOCAL_RUNTIME,
            "how many API requests run at once (32 per core, at least 64); the others wait at the gateway for a "
                    + "slot (see ExecutionSlots)");
    public static final Setting ENVIRONMENTS = Setting.of("SCALEOUT_ENVIRONMENTS", "machine", LOCAL_RUNTIME,
            "execution environments alive at once per function run from its artifact: machine (2 per core), lambda "
                    + "(a new one whenever all are busy, as Lambda) or a number; past it an invocation waits for one "
                    + "to be free (see EnvironmentCap). Ignored where SCALEOUT_AWS_LIMITS is on: Lambda's then");
    /** What raised every function's pool before functions scaled on demand; now it would only mislead. */
    public static final Setting RETIRED_MAX_CONCURRENCY = Setting.of("SCALEOUT_MAX_CONCURRENCY", LOCAL_RUNTIME,
            "retired: ignored with a warning");
    public static final Setting WEB_DIR = Setting.of("SCALEOUT_WEB_DIR", LOCAL_RUNTIME,
            "the web client's built files, served at / for GET requests that match no API route (unset: web/dist "
                    + "when that directory exists)");
    public static final Setting PYTHON = Setting.of("SCALEOUT_PYTHON", "python3", LOCAL_RUNTIME,
            "the Python that runs moto_server");
    public static final Setting MOTO_PROCESSES = Setting.of("SCALEOUT_MOTO_PROCESSES", "2", LOCAL_RUNTIME,
            "moto_server processes: 2 serves the tables kept apart from a second one, 1 serves all from one");
    public static final Setting IAM_CALLS = Setting.of("SCALEOUT_IAM_CALLS", "iam-calls.tsv", LOCAL_RUNTIME,
            "the file (under SCALEOUT_DATA_DIR) that lists, when the runtime stops, each AWS call the functions made "
                    + "with IAM's decision on it, for the permission audit");
    public static final Setting FAULT_LOST_ANSWERS = Setting.of("SCALEOUT_FAULT_LOST_ANSWERS", "0", LOCAL_RUNTIME,
            "a fault for testing retries: this share (0..1) of write calls lose their first answer after moto "
                    + "applied them (see LostAnswers)");
    public static final Setting FAULT_FORGET_TOKENS = Setting.of("SCALEOUT_FAULT_FORGET_TOKENS", "false",
            LOCAL_RUNTIME, "true: transactions reach moto without their ClientRequestToken");

    public static final Setting AWS_LIMITS = Setting.of("SCALEOUT_AWS_LIMITS", "off", LOCAL_RUNTIME,
            "AWS's service limits enforced locally: off, aws, or scaled:K for AWS's limits divided by K (DynamoDB's "
                    + "per-partition and per-table throughput, Lambda's account concurrency and scaling rate, API "
                    + "Gateway's account throttle), so that 1/K of AWS's rates here meets them as AWS would");

    public static final Setting TEMPLATE = Setting.of("SCALEOUT_TEMPLATE", LOCAL_RUNTIME,
            "the synthesized CDK app that configures the production declaration's functions (environment, memory, "
                    + "timeout, concurrency, stream mappings): the cloud assembly directory cdk/target/cdk.out, its "
                    + "stacks read as one template, or a single template file (unset: the declaration alone, every "
                    + "function with every variable)");

    private static final List<Setting> ALL = List.of(PORT, DATA_DIR, TEMPLATE, AUTHORIZER_TTL_SECONDS,
            STREAM_POLL_MILLIS, ACCOUNT_CONCURRENCY, EXECUTION_SLOTS, ENVIRONMENTS, RETIRED_MAX_CONCURRENCY, WEB_DIR,
            PYTHON, MOTO_PROCESSES, IAM_CALLS, FAULT_LOST_ANSWERS, FAULT_FORGET_TOKENS, AWS_LIMITS);

    private LocalSettings() {
    }

    public static List<Setting> all() {
        return ALL;
    }
}
