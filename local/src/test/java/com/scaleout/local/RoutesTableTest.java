package com.scaleout.local;

import static org.assertj.core.api.Assertions.assertThat;

import com.scaleout.declaration.RouteSpec;
import com.scaleout.declaration.ScaleoutDeclaration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docs/routes.md's table is the declaration's routes: each with its method, path and auth, none more, none less. */
class RoutesTableTest {
    static final String DOCUMENT = "docs/routes.md";
    private static final Pattern ROUTE_ROW = Pattern.compile(
            "^\\| (GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) \\| `([^`]+)` \\| ([^|]+?) \\| (.+) \\|$");

    @Test
    void theRoutesTableIsTheDeclarationsRoutes() {
        var declared = new LinkedHashMap<String, String>();
        ScaleoutDeclaration.declaration().routes().forEach(route -> declared.put(route.routeKey(), auth(route)));
        var documented = new LinkedHashMap<String, String>();
        for (String line : Markdown.read(DOCUMENT).lines()) {
            Matcher row = ROUTE_ROW.matcher(line);
            if (row.matches()) {
                documented.put(row.group(1) + " " + row.group(2), row.group(3).strip());
            }
        }

        var fixes = new ArrayList<String>();
        declared.forEach((key, auth) -> {
            if (!documented.containsKey(key)) {
                fixes.add("add the row  " + row(key, auth));
            } else if (!documented.get(key).equals(auth)) {
                fixes.add("give " + key + " the auth " + auth + " (it says " + documented.get(key) + ")");
            }
        });
        documented.keySet().stream().filter(key -> !declared.containsKey(key))
                .forEach(key -> fixes.add("remove the row of " + key + " (not declared)"));
        assertThat(fixes).as("%s's table and ScaleoutDeclaration differ; in %s:%n%s", DOCUMENT, DOCUMENT,
                String.join(System.lineSeparator(), fixes)).isEmpty();
    }

    private static String auth(RouteSpec route) {
        if (route.authorizer().isPresent()) {
            return route.authorizer().get().equals(ScaleoutDeclaration.SESSIONS_AUTHORIZER) ? "session"
                    : route.authorizer().get();
        }
        return switch (route.handlerCredential()) {
            case NONE -> "—";
            case IMPORT_KEY -> "import key";
            case ADMIN_KEY -> "admin key";
        };
    }

    private static String row(String key, String auth) {
        String[] methodAndPath = key.split(" ", 2);
        return "| " + methodAndPath[0] + " | `" + methodAndPath[1] + "` | " + auth + " | WHAT IT DOES |";
    }
}
