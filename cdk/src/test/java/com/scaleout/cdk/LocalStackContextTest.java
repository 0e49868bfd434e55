package com.scaleout.cdk;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

import com.scaleout.cdk.ScaleoutStackConfig.LambdaArchitecture;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awscdk.App;
import software.amazon.awscdk.AppProps;

/**
 * The context values of the LocalStack deploy: {@code localstack=true} builds the functions for the machine LocalStack
 * runs them on and leaves the CloudFront site out (a paid LocalStack feature) unless asked; AWS keeps arm64 and its
 * site.
 */
class LocalStackContextTest {
    @TempDir
    static Path tmp;

    @Test
    void awsGetsArm64FunctionsAndItsSiteByDefault() {
        var config = ScaleoutApp.config(app(Map.of()), "amd64");

        assertThat(config.lambdaArchitecture()).isEqualTo(LambdaArchitecture.ARM_64);
        assertThat(config.webDist()).contains(Path.of(ScaleoutStackConfig.DEFAULT_WEB_DIST));
    }

    @Test
    void localStackGetsTheHostsArchitectureAndNoSite() {
        var onX86 = ScaleoutApp.config(app(Map.of("localstack", "true")), "amd64");
        var onArm = ScaleoutApp.config(app(Map.of("localstack", "true")), "aarch64");

        assertThat(onX86.lambdaArchitecture()).isEqualTo(LambdaArchitecture.X86_64);
        assertThat(onArm.lambdaArchitecture()).isEqualTo(LambdaArchitecture.ARM_64);
        assertThat(onX86.webDist()).isEmpty();
    }

    @Test
    void theSiteAndTheArchitectureCanBeAskedFor() {
        var config = ScaleoutApp.config(app(Map.of("localstack", "true", "webSite", "true",
                "lambdaArchitecture", "arm64")), "amd64");

        assertThat(config.lambdaArchitecture()).isEqualTo(LambdaArchitecture.ARM_64);
        assertThat(config.webDist()).isPresent();
        assertThat(ScaleoutApp.config(app(Map.of("webSite", "false")), "amd64").webDist()).isEmpty();
        assertThatIllegalArgumentException()
                .isThrownBy(() -> ScaleoutApp.config(app(Map.of("lambdaArchitecture", "x86")), "amd64"))
                .withMessageContaining("arm64 or x86_64");
    }

    @Test
    void theFunctionsAreSynthesizedForTheConfiguredArchitecture() {
        var config = ScaleoutApp.config(app(Map.of("localstack", "true")), "amd64");
        var synth = TestStacks.synth(ScaleoutStackTest.DECLARATION, config);

        var functions = synth.template().findResources("AWS::Lambda::Function");
        assertThat(functions).isNotEmpty();
        functions.forEach((id, function) -> assertThat(((Map<?, ?>) function.get("Properties")).get("Architectures"))
                .as(id).isEqualTo(List.of("x86_64")));
        synth.template().resourceCountIs("AWS::CloudFront::Distribution", 0);
    }

    private static App app(Map<String, String> context) {
        var all = new HashMap<String, Object>(context);
        all.put("functionsJar", TestStacks.placeholderJar(tmp, "functions").toString());
        all.put("adminJar", TestStacks.placeholderJar(tmp, "admin").toString());
        all.put("warehouseJar", TestStacks.placeholderJar(tmp, "warehouse").toString());
        return new App(AppProps.builder().context(all).build());
    }
}
