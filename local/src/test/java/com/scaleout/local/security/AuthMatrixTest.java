package com.scaleout.local.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.scaleout.declaration.HttpMethod;
import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The auth matrix can be derived for every declared route, and refuses to guess for what it does not know. */
class AuthMatrixTest {
    private static final List<RouteSpec> ROUTES = ScaleoutDeclaration.declaration().routes();
    private static final Pattern PARAMETER = Pattern.compile("\\{([A-Za-z][A-Za-z0-9_]*)\\+?}");

    @Test
    void everyDeclaredRouteHasAnExpectedStatusForEveryCredential() {
        for (RouteSpec route : ROUTES) {
            for (Credential credential : Credential.values()) {
                assertThat(AuthMatrix.expected(route, credential)).as(route.routeKey() + " × " + credential.label())
                        .isNotNull();
            }
        }
    }

    @Test
    void theRoutesReadingAnOptionalSessionArePublicRoutesOfTheDeclaration() {
        var publicRoutes = ROUTES.stream().filter(route -> route.authorizer().isEmpty()
                && route.handlerCredential() == RouteSpec.HandlerCredential.NONE).map(RouteSpec::routeKey).toList();

        assertThat(publicRoutes).containsAll(Guard.READING_SESSION);
    }

    @Test
    void aRouteBehindAnAuthorizerTheMatrixDoesNotKnowCannotBeDerived() {
        var route = RouteSpec.authorized(HttpMethod.GET, "/reports", "Reports", "PartnerKeys");

        assertThatThrownBy(() -> Guard.of(route)).isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("GET /reports").hasMessageContaining("PartnerKeys");
        assertThatThrownBy(() -> AuthMatrix.expected(route, Credential.NONE))
                .isInstanceOf(IllegalStateException.class);
    }

    @Test
    void everyRouteWithAnOwnerOrAClientDecidesWhatSomeoneElsesCredentialGets() {
        var needingRule = ROUTES.stream()
                .filter(route -> OtherCaller.credentialFor(Guard.of(route)).isPresent())
                .map(RouteSpec::routeKey).toList();

        assertThat(needingRule).isNotEmpty();
        needingRule.forEach(key -> assertThat(OtherCaller.decidedRoutes()).as(key).contains(key));
        assertThat(needingRule).as("no rule is left for a route that is gone or no longer guarded")
                .containsAll(OtherCaller.decidedRoutes());
    }

    @Test
    void aNewProtectedRouteWithoutARuleIsRefusedWithTheReason() {
        var route = RouteSpec.authorized(HttpMethod.DELETE, "/albums/{albumID}", ScaleoutDeclaration.ALBUMS,
                ScaleoutDeclaration.SESSIONS_AUTHORIZER);

        assertThatThrownBy(() -> AuthMatrix.expected(route, Credential.OTHER_USERS_SESSION))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("DELETE /albums/{albumID}");
    }

    @Test
    void everyPathParameterOfEveryRouteHasAValueInTheWorld() {
        for (RouteSpec route : ROUTES) {
            var parameter = PARAMETER.matcher(route.path());
            while (parameter.find()) {
                assertThat(AuthWorld.PATH_PARAMETERS).as(route.routeKey()).contains(parameter.group(1));
            }
        }
    }

    @Test
    void withoutCredentialsEveryProtectedRouteIs401AndEveryPublicRouteLetsThrough() {
        for (RouteSpec route : ROUTES) {
            var expected = AuthMatrix.expected(route, Credential.NONE);
            if (route.isProtected()) {
                assertThat(expected).as(route.routeKey()).isEqualTo(Expected.status(401));
            } else {
                assertThat(expected).as(route.routeKey()).isEqualTo(Expected.PAST_AUTH);
            }
        }
    }

    @Test
    void theCredentialARouteIsMadeForGetsPastAuthAndTheOthersOfItsKindDoNot() {
        for (RouteSpec route : ROUTES.stream().filter(RouteSpec::isProtected).toList()) {
            Credential right = AuthMatrix.rightCredential(route);
            assertThat(AuthMatrix.expected(route, right)).as(route.routeKey()).isEqualTo(Expected.PAST_AUTH);
            assertThat(List.of(Credential.values())).filteredOn(c -> c != right)
                    .filteredOn(c -> AuthMatrix.expected(route, c) instanceof Expected.Status)
                    .as(route.routeKey() + ": refused credentials").hasSizeGreaterThanOrEqualTo(9);
        }
    }
}
