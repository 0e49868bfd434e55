package com.scaleout.local.admin;

import com.scaleout.declaration.Settings;
import com.scaleout.local.LocalRuntime;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

/**
 * The test interface's command line ({@code ./scaleout seed | reset | status | stress | import-key}), parsed by
 * picocli: usage and {@code --help} generated. A usage error, a refused call or a stack that stayed busy exits 2; an
 * import key the admin route did not issue or revoke exits 1, as the shell script's did.
 */
@Command(name = "./scaleout", mixinStandardHelpOptions = true, synopsisSubcommandLabel = "COMMAND")
final class AdminCommandLine implements Runnable {
    static final int REFUSED = 2;
    static final int NOT_DONE = 1;

    @Spec
    private CommandSpec spec;

    /** Where a command's stack is and how it prints. */
    record Context(Function<String, AdminClient> clients, PrintStream out, boolean terminal) {
        AdminCli cli(String url) {
            return new AdminCli(clients.apply(url), out, terminal);
        }
    }

    /** {@code --url}, every command's. */
    static final class Stack {
        @Option(names = "--url", paramLabel = "URL", defaultValue = "http://127.0.0.1:${env:PORT:-3000}",
                description = "the stack (default: the local runtime on PORT or 3000: ${DEFAULT-VALUE})")
        String url;
    }

    /** A command on one stack: its {@code --url} and what it does there. */
    abstract static class OnStack implements Callable<Integer> {
        private final Context context;
        @Mixin
        private Stack stack;

        OnStack(Context context) {
            this.context = context;
        }

        @Override
        public Integer call() throws Exception {
            run(context.cli(stack.url));
            return 0;
        }

        abstract void run(AdminCli cli) throws Exception;
    }

    /** The command line of {@code context}'s stacks, printing to {@code out} and {@code err}. */
    static CommandLine create(Context context, PrintStream err) {
        var commandLine = new CommandLine(new AdminCommandLine())
                .addSubcommand(new Seed(context))
                .addSubcommand(new Reset(context))
                .addSubcommand(new Status(context))
                .addSubcommand(new Stress(context))
                .addSubcommand(new CommandLine(new ImportKey())
                        .addSubcommand(new CreateImportKey(context))
                        .addSubcommand(new RevokeImportKey(context)));
        // the variable's name comes from its declaration, which an annotation cannot read
        commandLine.getCommandSpec().usageMessage().description("The test interface of a running stack: the admin "
                + "routes with X-Admin-Key from " + Settings.ADMIN_KEY.name() + " (default the local runtime's "
                + LocalRuntime.DEFAULT_ADMIN_KEY + ").");
        commandLine.registerConverter(Integer.class, AdminCommandLine::wholeNumber);
        commandLine.registerConverter(Integer.TYPE, AdminCommandLine::wholeNumber);
        commandLine.setOut(new PrintWriter(context.out(), true, charsetOf(context.out())));
        commandLine.setErr(new PrintWriter(err, true, charsetOf(err)));
        commandLine.setExecutionExceptionHandler((failure, failed, parsed) -> {
            if (failure instanceof AdminCli.NotDone notDone) {
                failed.getErr().println("scaleout: " + notDone.getMessage());
                return NOT_DONE;
            }
            if (failure instanceof IllegalArgumentException) {
                failed.getErr().println(failure.getMessage());
                failed.usage(failed.getErr());
                return REFUSED;
            }
            if (failure instanceof AdminClient.Refused || failure instanceof AdminClient.GaveUp) {
                failed.getErr().println(failure.getMessage());
                return REFUSED;
            }
            throw failure;
        });
        return commandLine;
    }

    private static Charset charsetOf(PrintStream stream) {
        return stream.charset();
    }

    /** A whole number, with _ or , between thousands if wanted (10,000). */
    private static Integer wholeNumber(String value) {
        try {
            return Integer.parseInt(value.replace("_", "").replace(",", ""));
        } catch (NumberFormatException e) {
            throw new CommandLine.TypeConversionException("must be a whole number, was " + value);
        }
    }

    @Override
    public void run() {
        throw new ParameterException(spec.commandLine(), "a command is required");
    }

    @Command(name = "seed", mixinStandardHelpOptions = true,
            description = {"Seeds made-up accounts, tweets and follows in chunks.",
                "The same command again resumes a seed that stopped; another --run NAME seeds more."})
    static final class Seed extends OnStack {
        @Option(names = "--users", paramLabel = "N", defaultValue = "-1", description = "accounts (1 or more; required)")
        private int users;
        @Option(names = "--tweets-per-user", paramLabel = "T", defaultValue = "10", description = "default ${DEFAULT-VALUE}")
        private int tweetsPerUser;
        @Option(names = "--follows-per-user", paramLabel = "F", defaultValue = "10", description = "default ${DEFAULT-VALUE}")
        private int followsPerUser;
        @Option(names = "--chunk", paramLabel = "C", description = "accounts per request at most (default "
                + SeedChunks.MAX_USERS + ")")
        private int chunk = SeedChunks.MAX_USERS;
        @Option(names = "--wait", paramLabel = "yes|no", defaultValue = "yes",
                description = "wait for the stream consumers between chunks (default ${DEFAULT-VALUE})")
        private String waitForStreams;
        @Option(names = "--run", paramLabel = "NAME", defaultValue = "1", description = "default ${DEFAULT-VALUE}")
        private String runName;

        Seed(Context context) {
            super(context);
        }

        @Override
        void run(AdminCli cli) throws Exception {
            cli.seed(runName, users, tweetsPerUser, followsPerUser, chunk, !"no".equals(waitForStreams));
        }
    }

    @Command(name = "reset", mixinStandardHelpOptions = true,
            description = "Empties all data and the cache (import keys kept).")
    static final class Reset extends OnStack {

        Reset(Context context) {
            super(context);
        }

        @Override
        void run(AdminCli cli) throws Exception {
            cli.reset();
        }
    }

    @Command(name = "status", mixinStandardHelpOptions = true,
            description = "Counts with cache statistics and stream lag.")
    static final class Status extends OnStack {

        Status(Context context) {
            super(context);
        }

        @Override
        void run(AdminCli cli) throws Exception {
            cli.status();
        }
    }

    @Command(name = "stress", mixinStandardHelpOptions = true,
            description = "The seed's /test/stress: times n tweets, follows and timeline reads.")
    static final class Stress extends OnStack {
        @Option(names = "--star", paramLabel = "USERNAME", description = "the user to stress (required)")
        private String star;
        @Option(names = "--n", paramLabel = "N", defaultValue = "10", description = "default ${DEFAULT-VALUE}")
        private int n;
        @Option(names = "--fan", paramLabel = "F", defaultValue = "0", description = "default ${DEFAULT-VALUE}")
        private int fan;

        Stress(Context context) {
            super(context);
        }

        @Override
        void run(AdminCli cli) throws Exception {
            cli.stress(star, n, fan);
        }
    }

    @Command(name = "import-key", mixinStandardHelpOptions = true, synopsisSubcommandLabel = "create | revoke",
            description = "Issues or revokes an import API key through the admin routes.")
    static final class ImportKey implements Runnable {
        @Spec
        private CommandSpec spec;

        @Override
        public void run() {
            throw new ParameterException(spec.commandLine(), "create or revoke is required");
        }
    }

    @Command(name = "create", mixinStandardHelpOptions = true,
            description = "Issues a key of the client: its token is shown once, on the first line of the answer.")
    static final class CreateImportKey extends OnStack {
        @Option(names = "--client", paramLabel = "ID", required = true, description = "the client id (1 or more)")
        private long clientId;
        @Option(names = "--name", paramLabel = "NAME", description = "default: key for client ID")
        private String name;
        @Spec
        private CommandSpec spec;

        CreateImportKey(Context context) {
            super(context);
        }

        @Override
        void run(AdminCli cli) throws Exception {
            if (clientId < 1) {
                throw new ParameterException(spec.commandLine(), "--client takes a client id of 1 or more, was "
                        + clientId);
            }
            cli.createImportKey(clientId, name == null ? "key for client " + clientId : name);
        }
    }

    @Command(name = "revoke", mixinStandardHelpOptions = true,
            description = "Revokes a key: import functions stop accepting it at once.")
    static final class RevokeImportKey extends OnStack {
        @Parameters(paramLabel = "KEY_ID", description = "the key's id (the token's part before the dot)")
        private String keyId;

        RevokeImportKey(Context context) {
            super(context);
        }

        @Override
        void run(AdminCli cli) throws Exception {
            cli.revokeImportKey(keyId);
        }
    }
}
