package com.scaleout.local.template;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** Each intrinsic function resolved to the local names, and what cannot be resolved named in the error. */
class IntrinsicsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String RESOURCES = """
            {"DataTweetsAEF722D4": {"Type": "AWS::DynamoDB::Table", "Metadata": {"aws:cdk:path": "S/Data/Tweets/Resource"}},
             "StorageAlbumImages1": {"Type": "AWS::S3::Bucket", "Metadata": {"aws:cdk:path": "S/Storage/AlbumImages/Resource"}},
             "CacheX": {"Type": "AWS::ElastiCache::ServerlessCache", "Metadata": {"aws:cdk:path": "S/Cache/ServerlessCache"}},
             "FunctionsFanout1": {"Type": "AWS::Lambda::Function", "Metadata": {"aws:cdk:path": "S/Functions/SocialFanout/Resource"}},
             "FunctionsFanoutAlias1": {"Type": "AWS::Lambda::Alias", "Metadata": {"aws:cdk:path": "S/Functions/SocialFanoutAlias/Resource"},
                                       "Properties": {"FunctionName": {"Ref": "FunctionsFanout1"}, "Name": "live"}},
             "Topic1": {"Type": "AWS::SNS::Topic", "Metadata": {"aws:cdk:path": "S/Monitoring/Topic/Resource"}},
             "NoPath": {"Type": "AWS::DynamoDB::Table"}}
            """;
    private static final LocalNames NAMES = new LocalNames("eu-west-1", "123456789012", "127.0.0.1", 6390,
            id -> "scaleout-" + id.toLowerCase(java.util.Locale.ROOT));

    private final Intrinsics intrinsics;

    IntrinsicsTest() throws Exception {
        JsonNode resources = JSON.readTree(RESOURCES);
        intrinsics = new Intrinsics(new ResourceNames(resources, NAMES), NAMES);
    }

    private String resolve(String json) throws Exception {
        return intrinsics.string(JSON.readTree(json), "test");
    }

    @Test
    void refOfATableIsItsDeclaredNameAndOfABucketItsLocalName() throws Exception {
        assertThat(resolve("{\"Ref\": \"DataTweetsAEF722D4\"}")).isEqualTo("Tweets");
        assertThat(resolve("{\"Ref\": \"StorageAlbumImages1\"}")).isEqualTo("scaleout-albumimages");
    }

    @Test
    void pseudoParametersAreTheLocalRegionAccountAndPartition() throws Exception {
        assertThat(resolve("{\"Fn::Join\": [\":\", [{\"Ref\": \"AWS::Partition\"}, {\"Ref\": \"AWS::Region\"},"
                + " {\"Ref\": \"AWS::AccountId\"}]]}")).isEqualTo("aws:eu-west-1:123456789012");
    }

    @Test
    void getAttGivesLocalArnsAndTheLocalRedis() throws Exception {
        assertThat(resolve("{\"Fn::GetAtt\": [\"DataTweetsAEF722D4\", \"Arn\"]}"))
                .isEqualTo("arn:aws:dynamodb:eu-west-1:123456789012:table/Tweets");
        assertThat(resolve("{\"Fn::GetAtt\": \"DataTweetsAEF722D4.StreamArn\"}"))
                .isEqualTo("arn:aws:dynamodb:eu-west-1:123456789012:table/Tweets/stream/*");
        assertThat(resolve("{\"Fn::GetAtt\": [\"StorageAlbumImages1\", \"Arn\"]}"))
                .isEqualTo("arn:aws:s3:::scaleout-albumimages");
        assertThat(resolve("{\"Fn::Join\": [\"\", [\"rediss://\", {\"Fn::GetAtt\": [\"CacheX\", \"Endpoint.Address\"]},"
                + " \":\", {\"Fn::GetAtt\": [\"CacheX\", \"Endpoint.Port\"]}]]}")).isEqualTo("rediss://127.0.0.1:6390");
    }

    @Test
    void joinOfAnIndexArn() throws Exception {
        assertThat(resolve("{\"Fn::Join\": [\"\", [{\"Fn::GetAtt\": [\"DataTweetsAEF722D4\", \"Arn\"]}, \"/index/*\"]]}"))
                .isEqualTo("arn:aws:dynamodb:eu-west-1:123456789012:table/Tweets/index/*");
    }

    @Test
    void subWithPseudoParametersAttributesVariablesAndLiterals() throws Exception {
        assertThat(resolve("{\"Fn::Sub\": \"arn:${AWS::Partition}:logs:${AWS::Region}:${AWS::AccountId}:x\"}"))
                .isEqualTo("arn:aws:logs:eu-west-1:123456789012:x");
        assertThat(resolve("""
                {"Fn::Sub": ["${DataTweetsAEF722D4.Arn}/index/${Index}${!Literal}",
                             {"Index": {"Ref": "DataTweetsAEF722D4"}}]}"""))
                .isEqualTo("arn:aws:dynamodb:eu-west-1:123456789012:table/Tweets/index/Tweets${Literal}");
    }

    @Test
    void selectOfSplitTakesAnAliasArnApart() throws Exception {
        // how CDK names an event source mapping's function: the name out of the alias's ARN, then ":live"
        assertThat(resolve("{\"Fn::Join\": [\"\", [{\"Fn::Select\": [6, {\"Fn::Split\": [\":\","
                + " {\"Ref\": \"FunctionsFanoutAlias1\"}]}]}, \":live\"]]}")).isEqualTo("SocialFanout:live");
    }

    @Test
    void whatCannotBeResolvedIsAnErrorNamingIt() {
        assertThatThrownBy(() -> resolve("{\"Fn::If\": [\"C\", \"a\", \"b\"]}"))
                .isInstanceOf(UnresolvableTemplateException.class).hasMessageContaining("Fn::If");
        assertThatThrownBy(() -> resolve("{\"Fn::GetAtt\": [\"Topic1\", \"TopicName\"]}"))
                .isInstanceOf(UnresolvableTemplateException.class)
                .hasMessageContaining("Topic1.TopicName").hasMessageContaining("AWS::SNS::Topic");
        assertThatThrownBy(() -> resolve("{\"Ref\": \"Topic1\"}"))
                .isInstanceOf(UnresolvableTemplateException.class).hasMessageContaining("Topic1");
        assertThatThrownBy(() -> resolve("{\"Ref\": \"AWS::StackName\"}"))
                .isInstanceOf(UnresolvableTemplateException.class).hasMessageContaining("AWS::StackName");
        assertThatThrownBy(() -> resolve("{\"Ref\": \"Missing\"}"))
                .isInstanceOf(UnresolvableTemplateException.class).hasMessageContaining("Missing");
        assertThatThrownBy(() -> resolve("{\"Ref\": \"NoPath\"}"))
                .isInstanceOf(UnresolvableTemplateException.class).hasMessageContaining("aws:cdk:path");
    }
}
