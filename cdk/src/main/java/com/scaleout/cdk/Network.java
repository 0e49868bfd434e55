package com.scaleout.cdk;

import java.util.List;
import software.amazon.awscdk.services.ec2.FlowLogDestination;
import software.amazon.awscdk.services.ec2.FlowLogOptions;
import software.amazon.awscdk.services.ec2.FlowLogTrafficType;
import software.amazon.awscdk.services.ec2.GatewayVpcEndpointAwsService;
import software.amazon.awscdk.services.ec2.GatewayVpcEndpointOptions;
import software.amazon.awscdk.services.ec2.InterfaceVpcEndpoint;
import software.amazon.awscdk.services.ec2.InterfaceVpcEndpointAwsService;
import software.amazon.awscdk.services.ec2.InterfaceVpcEndpointOptions;
import software.amazon.awscdk.services.ec2.IpAddresses;
import software.amazon.awscdk.services.ec2.Port;
import software.amazon.awscdk.services.ec2.SecurityGroup;
import software.amazon.awscdk.services.ec2.SubnetConfiguration;
import software.amazon.awscdk.services.ec2.SubnetSelection;
import software.amazon.awscdk.services.ec2.SubnetType;
import software.amazon.awscdk.services.ec2.Vpc;
import software.amazon.awscdk.services.s3.IBucket;
import software.constructs.Construct;

/**
 * Where the cache lives and the functions that use it run: a VPC of private isolated subnets in two Availability
 * Zones, with no internet gateway, no public subnet and no NAT gateway to pay for (unless {@code egress}, below).
 * DynamoDB and S3 are reached through gateway endpoints (free); nothing else outside the VPC is reachable from the
 * isolated subnets, which is why only the functions that use Redis are placed here (the others keep Lambda's own
 * network).
 *
 * <p>Two security groups: the functions' and the cache's, which admits the functions' on the cache's ports only.
 *
 * <p>With {@code egress} (a function here posts to a WebSocket API's connections), also a public subnet with one NAT
 * gateway and a private subnet per zone routed through it, for those functions only: the management API
 * ({@code https://{api}.execute-api...}) of a public API is not reachable through an {@code execute-api} interface
 * endpoint (that serves private REST APIs only, and with its private DNS would even cut off every public API), so
 * their posts need a way out. One NAT gateway, not one per zone: about $0.045 an hour plus $0.045 per GB; if its
 * zone fails, pushes from the other zone's environments fail until it is back (the subscribers miss live updates,
 * nothing is lost: the timelines are written by then).
 */
public final class Network extends Construct {
    /** Two Availability Zones: the cache spreads over both; Lambda runs in both. No lookup: synthesizes offline. */
    static final int AVAILABILITY_ZONES = 2;
    static final String CIDR = "10.0.0.0/16";
    /** 251 usable addresses per subnet; Lambda's ENIs are shared per subnet and security group, so few are used. */
    private static final int SUBNET_CIDR_MASK = 24;
    /** A serverless cache serves on 6379 and its reader endpoint on 6380. */
    static final int CACHE_PORT = 6379;
    static final int CACHE_READER_PORT = 6380;
    static final String FLOW_LOG_PREFIX = "vpc-flow-logs/";
    /**
     * A CDK feature flag (cdk.json sets it too, as one of the recommended flags; set here as well so that any app
     * builds the network right): with it, the flow log puts the
     * log-delivery service's statements into the bucket's policy in the template. Without it, AWS adds them at
     * deploy time to a policy CloudFormation owns (the bucket enforces TLS), and the next stack update drops them.
     */
    private static final String CREATE_DEFAULT_LOGGING_POLICY = "@aws-cdk/aws-s3:createDefaultLoggingPolicy";

    private final Vpc vpc;
    private final SecurityGroup functionsSecurityGroup;
    private final SecurityGroup cacheSecurityGroup;

    /** @param logBucket where the VPC's flow logs go, under {@value #FLOW_LOG_PREFIX} */
    /**
     * @param logBucket where the VPC's flow logs go, under {@value #FLOW_LOG_PREFIX}
     * @param egress    whether functions here need the internet's AWS endpoints: see the class comment
     */
    public Network(Construct scope, String id, IBucket logBucket, boolean egress) {
        super(scope, id);
        getNode().setContext(CREATE_DEFAULT_LOGGING_POLICY, true);
        // the isolated subnets first, so that adding the others keeps their address ranges (and the cache in place)
        var subnets = new java.util.ArrayList<>(List.of(subnet("Isolated", SubnetType.PRIVATE_ISOLATED)));
        if (egress) {
            subnets.add(subnet("Public", SubnetType.PUBLIC));
            subnets.add(subnet("Egress", SubnetType.PRIVATE_WITH_EGRESS));
        }
        vpc = Vpc.Builder.create(this, "Vpc")
                .ipAddresses(IpAddresses.cidr(CIDR))
                .maxAzs(AVAILABILITY_ZONES)
                .subnetConfiguration(subnets)
                .natGateways(egress ? 1 : 0)
                // Nothing is ever placed in the default security group (every ENI here gets one of the two below);
                // emptying its rules would take a custom-resource Lambda function in the stack for no gain.
                .restrictDefaultSecurityGroup(false)
                .build();
        vpc.addGatewayEndpoint("DynamoDb", GatewayVpcEndpointOptions.builder()
                .service(GatewayVpcEndpointAwsService.DYNAMODB).build());
        vpc.addGatewayEndpoint("S3", GatewayVpcEndpointOptions.builder()
                .service(GatewayVpcEndpointAwsService.S3).build());
        // Rejected traffic only: that is what shows a misconfigured security group or something probing the cache;
        // logging every accepted flow of every function environment would cost more than it tells.
        vpc.addFlowLog("Rejected", FlowLogOptions.builder()
                .destination(FlowLogDestination.toS3(logBucket, FLOW_LOG_PREFIX))
                .trafficType(FlowLogTrafficType.REJECT)
                .build());

        // All outbound allowed: from isolated subnets the only destinations that exist are the gateway endpoints
        // and the cache, so narrowing it further would only repeat the route tables (the endpoints' prefix lists
        // would also take a lookup, and this stack synthesizes offline).
        functionsSecurityGroup = SecurityGroup.Builder.create(this, "FunctionsSecurityGroup")
                .vpc(vpc)
                .description("Lambda functions that use the cache")
                .allowAllOutbound(true)
                .build();
        cacheSecurityGroup = SecurityGroup.Builder.create(this, "CacheSecurityGroup")
                .vpc(vpc)
                .description("ElastiCache Serverless: from the functions security group on the cache ports only")
                .allowAllOutbound(false)
                .build();
        cacheSecurityGroup.getConnections().allowFrom(functionsSecurityGroup,
                Port.tcpRange(CACHE_PORT, CACHE_READER_PORT), "Redis protocol (TLS) from the functions");
    }

    private static SubnetConfiguration subnet(String name, SubnetType type) {
        SubnetConfiguration.Builder subnet = SubnetConfiguration.builder().name(name).subnetType(type)
                .cidrMask(SUBNET_CIDR_MASK);
        if (type == SubnetType.PUBLIC) {
            subnet.mapPublicIpOnLaunch(false); // the NAT gateway has its own Elastic IP; nothing else runs here
        }
        return subnet.build();
    }

    /**
     * An interface endpoint for Secrets Manager, for functions here that read the admin key: without a NAT
     * gateway, the isolated subnets reach no other AWS service. It costs about $0.01 an hour per Availability Zone,
     * so it exists only where a stage turns the admin routes on. Reachable from the functions' security group only.
     */
    public InterfaceVpcEndpoint reachSecretsManager() {
        return reach("SecretsManager", InterfaceVpcEndpointAwsService.SECRETS_MANAGER);
    }

    /**
     * An interface endpoint for CloudWatch's API ({@code monitoring}), for the admin status page, which reads the
     * stream consumers' IteratorAge there: like {@link #reachSecretsManager()}, only where the admin routes are on.
     */
    public InterfaceVpcEndpoint reachCloudWatch() {
        return reach("CloudWatch", InterfaceVpcEndpointAwsService.CLOUDWATCH_MONITORING);
    }

    private InterfaceVpcEndpoint reach(String id, InterfaceVpcEndpointAwsService service) {
        var endpoint = vpc.addInterfaceEndpoint(id, InterfaceVpcEndpointOptions.builder()
                .service(service)
                .privateDnsEnabled(true)
                .subnets(isolatedSubnets())
                .open(false)
                .build());
        endpoint.getConnections().allowDefaultPortFrom(functionsSecurityGroup, "HTTPS from the functions");
        return endpoint;
    }

    public Vpc vpc() {
        return vpc;
    }

    /** The isolated subnets, one per Availability Zone: the cache's and the functions'. */
    public SubnetSelection isolatedSubnets() {
        return SubnetSelection.builder().subnetType(SubnetType.PRIVATE_ISOLATED).build();
    }

    /** The private subnets routed through the NAT gateway (with {@code egress} only), one per Availability Zone. */
    public SubnetSelection egressSubnets() {
        return SubnetSelection.builder().subnetType(SubnetType.PRIVATE_WITH_EGRESS).build();
    }

    public SecurityGroup functionsSecurityGroup() {
        return functionsSecurityGroup;
    }

    public SecurityGroup cacheSecurityGroup() {
        return cacheSecurityGroup;
    }
}
