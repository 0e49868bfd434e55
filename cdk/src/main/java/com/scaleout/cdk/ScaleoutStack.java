package com.scaleout.cdk;

import com.scaleout.declaration.Declaration;
import software.amazon.awscdk.CfnOutput;
import software.amazon.awscdk.Stack;
import software.amazon.awscdk.StackProps;
import software.constructs.Construct;

/**
 * Every AWS resource of one stage, all derived from the {@link Declaration}: one construct per concern, wired in
 * dependency order (tables, then the functions that use them, then what invokes the functions).
 */
public final class ScaleoutStack extends Stack {
    private final DataTables tables;
    private final Storage storage;
    private final Functions functions;
    private final HttpApiRoutes api;
    private final StreamConsumers streamConsumers;
    private final Monitoring monitoring;

    public ScaleoutStack(Construct scope, String id, StackProps props, Declaration declaration,
                         ScaleoutStackConfig config) {
        super(scope, id, props);
        tables = new DataTables(this, "Data", declaration, config);
        storage = new Storage(this, "Storage", declaration, config);
        functions = new Functions(this, "Functions", declaration, tables, storage, config);
        api = new HttpApiRoutes(this, "Api", declaration, functions, config);
        streamConsumers = new StreamConsumers(this, "Streams", declaration, tables, functions, config);
        monitoring = new Monitoring(this, "Monitoring", declaration, api, functions, streamConsumers);
        NagRules.apply(this, declaration);

        CfnOutput.Builder.create(this, "ApiUrl")
                .description("Base URL of the HTTP API")
                .value(api.httpApi().getApiEndpoint())
                .build();
        functions.adminKey().ifPresent(secret -> CfnOutput.Builder.create(this, "AdminKeySecret")
                .description("Secrets Manager secret holding X-Admin-Key (aws secretsmanager get-secret-value)")
                .value(secret.getSecretArn())
                .build());
        CfnOutput.Builder.create(this, "AlarmTopic")
                .description("SNS topic every alarm notifies: subscribe to it")
                .value(monitoring.alarmTopic().getTopicArn())
                .build();
    }

    public DataTables tables() {
        return tables;
    }

    public Storage storage() {
        return storage;
    }

    public Functions functions() {
        return functions;
    }

    public HttpApiRoutes api() {
        return api;
    }

    public StreamConsumers streamConsumers() {
        return streamConsumers;
    }

    public Monitoring monitoring() {
        return monitoring;
    }
}
