package com.scaleout.local.admin;

import com.scaleout.declaration.Settings;
import com.scaleout.local.LocalRuntime;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.Charset;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;
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
@Command(name = "./scaleout", synopsisSubcommandLabel = "COMMAND")
final class AdminCommandLine implements Runnable {
    static final int REFUSED = 2;
    static final int NOT_DONE = 1;

    @Spec
    private CommandSpec spec;
    @Mixin
    private Help help;

    /** Asks the person at the terminal a question: their answer, or empty without a terminal. */
    @FunctionalInterface
    interface Prompt {
        Optional<String> ask(String question);
    }

    /**
     * Where a command's stack is and how it prints: the stack without {@code --url} is {@code defaultUrl}'s (see
     * {@link DefaultStack}), and a question goes to {@code prompt}.
     */
    record Context(Function<String, AdminClient> clients, PrintStream out, boolean terminal,
                   Supplier<String> defaultUrl, Prompt prompt) {
        /** Without a terminal to ask, on the stack {@code ./scaleout up} runs. */
        Context(Function<String, AdminClient> clients, PrintStream out) {
            this(clients, out, false, DefaultStack::fromEnvironment, question -> Optional.empty());
        }

        AdminCli cli(String url) {
            return new AdminCli(clients.apply(url), out, terminal, prompt);
        }
    }

    /** {@code -h, --help}, every command's (picocli's standard mixin would add a {@code --version} we have not). */
    static final class Help {
        @Option(names = {"-h", "--help"}, usageHelp = true, description = "show this help and exit")
        boolean requested;
    }

    /** {@code --url}, every command's; its default comes from the command line's default value provider. */
    static final class Stack {
        @Option(names = "--url", paramLabel = "URL", description = "the stack (default: the one ./scaleout up runs, as "
                + "written to .scaleout/api-url, else the local runtime on PORT or 3000; now ${DEFAULT-VALUE})")
        String url;
    }

    /** A command on one stack: its {@code --url} and what it does there. */
    abstract static class OnStack implements Callable<Integer> {
        private final Context context;
        @Mixin
        private Stack stack;
        @Mixin
        private Help help;

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
        commandLine.setDefaultValueProvider(argument -> argument instanceof CommandLine.Model.OptionSpec option
                && "--url".equals(option.longestName()) ? context.defaultUrl().get() : null);
        // a key id issued before ids began with a letter or digit may begin with '-': taken for an option, revoke
        // lost its KEY_ID; only whole, known options are options (and after "--", anything is a parameter)
        commandLine.setPosixClusteredShortOptionsAllowed(false);
        commandLine.setUnmatchedOptionsArePositionalParams(true);
        commandLine.registerConverter(Integer.class, AdminCommandLine::wholeNumber);
        commandLine.registerConverter(Integer.TYPE, AdminCommandLine::wholeNumber);
        commandLine.setOut(new PrintWriter(context.out(), true, charsetOf(context.out())));
        commandLine.setErr(new PrintWriter(err, true, charsetOf(err)));
        commandLine.setExecutionExceptionHandler((failure, failed, parsed) -> {
            if (failure instanceof AdminCli.NotDone || failure instanceof AdminClient.NotUp) {
                failed.getErr().println("scaleout: " + failure.getMessage());
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

    @Command(name = "seed",
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

    @Command(name = "reset",
            description = {"Empties all data and the cache (import keys kept).",
                "Asks first unless the stack is local (127.0.0.1, localhost) or --yes is given."})
    static final class Reset extends OnStack {
        @Option(names = "--yes", description = "reset without asking (needed without a terminal to ask)")
        private boolean yes;

        Reset(Context context) {
            super(context);
        }

        @Override
        void run(AdminCli cli) throws Exception {
            cli.reset(yes);
        }
    }

    @Command(name = "status",
            description = "Counts per workload and table, the cache's hit rate and each stream consumer's lag.")
    static final class Status extends OnStack {
        @Option(names = "--json", description = "print the admin route's whole JSON document instead")
        private boolean json;

        Status(Context context) {
            super(context);
        }

        @Override
        void run(AdminCli cli) throws Exception {
            cli.status(json);
        }
    }

    @Command(name = "stress",
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

    @Command(name = "import-key", synopsisSubcommandLabel = "create | revoke",
            description = "Issues or revokes an import API key through the admin routes.")
    static final class ImportKey implements Runnable {
        @Spec
        private CommandSpec spec;
        @Mixin
        private Help help;

        @Override
        public void run() {
            throw new ParameterException(spec.commandLine(), "create or revoke is required");
        }
    }

    @Command(name = "create",
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

    @Command(name = "revoke",
            description = "Revokes a key: import functions stop accepting it at once.")
    static final class RevokeImportKey extends OnStack {
        @Parameters(paramLabel = "KEY_ID", description = "the key's id (the token's part before the dot; put -- before "
                + "one that begins with -)")
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
