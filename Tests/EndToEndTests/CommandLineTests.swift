import TestSupport
import Testing
import DocumentViewer

/// The command line as typed: commands, options in both spellings, help, and every kind of
/// mistake as one line and status 64.
@Suite struct CommandLineTests {
    static func run(_ arguments: String...) -> Subprocess.Result {
        Subprocess.run([Subprocess.tstack] + arguments, stdin: "/dev/null")
    }

    @Test func optionsTakeTheNextWordOrAnEqualsSignAndMayComeBeforeTheFile() {
        let spaced = Self.run("render", "--size", "40x6", Subprocess.demo, "--keys", "j")
        let joined = Self.run("render", "--size=40x6", Subprocess.demo, "--keys=j")
        #expect(spaced.status == 0 && joined.status == 0, "\(spaced.stderr)\(joined.stderr)")
        #expect(spaced.lines.count == 6)
        #expect(spaced.stdout == joined.stdout)
        #expect(spaced.lines.last?.hasPrefix(" step-2") == true, "\(spaced.lines)")
        // The last value given wins, as in most tools.
        #expect(Self.run("render", Subprocess.demo, "--size", "10x3", "--size", "40x5").lines.count == 5)
    }

    /// An option not given takes the default its help names: `render` draws 80x24.
    @Test func anOptionNotGivenTakesTheDefaultItsHelpNames() {
        let result = Self.run("render", Subprocess.demo)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 24)
        #expect(result.lines.map(\.count).max() == 80)
        #expect(Self.run("render", "--help").stdout.contains("(default: 80x24)"))
    }

    @Test func browseIsTheDefaultCommand() {
        // Standard output is not a terminal: the document is printed as text.
        let named = Self.run("browse", Subprocess.demo)
        let unnamed = Self.run(Subprocess.demo)
        #expect(named.status == 0 && !named.stdout.isEmpty)
        #expect(unnamed.stdout == named.stdout)
    }

    @Test func aDashedFileNameFollowsTwoDashes() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        Subprocess.write(#"{"sections":[{"id":"s","items":[{"id":"a","title":"dashed"}]}]}"#, to: directory + "/-d.json")
        let result = Subprocess.run(
            ["/bin/sh", "-c", "cd \"$1\" && exec \"$0\" render --size 30x3 -- -d.json", Subprocess.tstack, directory], stdin: "/dev/null")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.first?.contains("dashed") == true)
    }

    @Test(arguments: [
        (["render"], "Missing expected argument '<file>'"),
        (["render", "a.json", "-"], "Unexpected argument '-': standard input is read alone"),
        (["render", "a.json", "--bogus"], "Unknown option '--bogus'"),
        (["render", "a.json", "-x"], "Unknown option '-x'"),
        (["render", "a.json", "--size"], "Missing value for '--size <COLSxROWS>'"),
        (["render", "a.json", "--keys", "--frames"], "Missing value for '--keys <keys>'"),
        (["render", "a.json", "--size", "1x"], "The value '1x' is invalid for '--size <COLSxROWS>'"),
        (["render", "a.json", "--frames=yes"], "The flag '--frames' takes no value"),
        (["browse", "a.json", "--size", "80x24"], "Unknown option '--size'"),
        (["render", "a.json", "--lazy-threshold", "-1"], "Missing value for '--lazy-threshold <bytes>'"),
        (["help", "bogus"], "Unknown subcommand 'bogus'"),
    ])
    func mistakesAreOneLineAndStatus64(arguments: [String], message: String) {
        let result = Subprocess.run([Subprocess.tstack] + arguments, stdin: "/dev/null")
        #expect(result.status == 64, "\(arguments)")
        #expect(result.stderr == "tstack: \(message) (see tstack --help)\n", "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    /// `--version` and `version` print the one version; a pipe (or a file) on standard input is
    /// read when no file is named, as jless reads it; `/dev/null` is no input: the usage error.
    @Test func theVersionAndPipedInput() {
        let version = Self.run("--version")
        #expect(version.status == 0 && version.stdout.hasPrefix("tstack ") && version.stdout.hasSuffix("\n"), "\(version.stdout)")
        #expect(Self.run("version").stdout == version.stdout)
        let piped = Subprocess.run(["/bin/sh", "-c", "printf '[1, 2]' | \"$0\" render --size 20x4", Subprocess.tstack], stdin: "/dev/null")
        #expect(piped.status == 0, "\(piped.stderr)")
        #expect(piped.lines.contains { $0.contains("1") }, "\(piped.stdout)")
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        Subprocess.write("[1, 2]", to: directory + "/in.json")
        let redirected = Subprocess.run(["/bin/sh", "-c", "\"$0\" render --size 20x4 < \"$1\"", Subprocess.tstack, directory + "/in.json"], stdin: "/dev/null")
        #expect(redirected.status == 0 && redirected.stdout == piped.stdout, "\(redirected.stderr)")
    }

    /// The version `--version` prints is the changelog's newest and the one the README's
    /// dependency line asks for.
    @Test func theVersionIsTheChangelogsAndTheReadmes() {
        let printed = Self.run("--version").stdout.dropFirst("tstack ".count).dropLast()
        let changelog = Files.readText(Subprocess.root + "/CHANGELOG.md").split(separator: "\n")
        let newest = changelog.first { $0.hasPrefix("## [") && !$0.hasPrefix("## [Unreleased]") }
        #expect(newest?.hasPrefix("## [\(printed)]") == true, "\(newest ?? "no version in CHANGELOG.md")")
        let readme = Files.readText(Subprocess.root + "/README.md")
        #expect(readme.contains(#"from: "\#(printed)")"#), "the README's dependency line")
    }

    @Test func helpListsTheCommandsAndEachCommandsOptions() {
        let root = Self.run("--help")
        #expect(root.status == 0)
        #expect(root.stdout.hasPrefix("OVERVIEW: Browse structured lists in the terminal.\n"))
        #expect(root.stdout.contains("\n  browse (default)        Open a stack document"))
        #expect(root.stdout.contains("\n  render                  Run the viewer headless"))
        #expect(Self.run("help").stdout == root.stdout)
        #expect(Self.run("-h").stdout == root.stdout)
        let render = Self.run("help", "render")
        #expect(render.status == 0)
        #expect(render.stdout == Self.run("render", "--help").stdout)
        #expect(render.stdout == Self.run("render", "a.json", "-h").stdout)
        // Help before anything else that is wrong, as long as it comes before `--`.
        #expect(render.stdout == Self.run("render", "a.json", "--bogus", "-h").stdout)
        #expect(render.stdout == Self.run("render", "--keys", "-h").stdout)
        #expect(Self.run("render", "--", "-h").status == 65)
        #expect(render.stdout.contains("\nUSAGE: tstack render <file>... [--scroll-to <id>]"))
        #expect(render.stdout.contains("\n  --size <COLSxROWS>      The screen size, at most 1000x1000. (default: 80x24)\n"))
        #expect(render.stdout.contains("\n  --prefetch <screens>    Screens of rows resolved ahead of the scroll\n"))
        #expect(render.stdout.hasSuffix("\n  -h, --help              Show help information.\n"))
        // Hidden from help, still accepted.
        #expect(!render.stdout.contains("lazy-threshold"))
        #expect(render.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 || $0.hasPrefix("USAGE: ") })
        let browse = Self.run("browse", "--help")
        #expect(browse.stdout.contains("\n  --follow                Keep to the end of FILE as it grows"))
        #expect(!browse.stdout.contains("--size"))
    }
}

/// Issue 45: the man page lists every key of the key table and every option, and roff reads it
/// without a warning; the completion scripts complete subcommands, options and their values;
/// a terminal that cannot move its cursor gets the document as text.
@Suite struct ManualAndCompletionTests {
    /// `tstack manual` as `man` shows it: plain text, lines joined, blanks collapsed.
    static func shownManual() -> String {
        let page = Subprocess.run(["/bin/sh", "-c", "\"$0\" manual | groff -man -Tutf8 -P-cbou -ww 2>&1", Subprocess.tstack], stdin: "/dev/null")
        return page.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    @Test func theManualHasEveryKeyOptionAndStatus() {
        let manual = Self.shownManual()
        #expect(!manual.contains("warning"), "roff reads it cleanly")
        for context in ViewerKeyContext.contents + [.prompt] {
            for entry in ViewerKeys.table.entries(in: context) {
                let keys = entry.keysForSummary.split(whereSeparator: \.isWhitespace).joined(separator: " ")
                #expect(manual.contains(keys + " " + entry.help.split(whereSeparator: \.isWhitespace).joined(separator: " ")),
                        "\(context): \(keys) \(entry.help)")
            }
        }
        for option in ["--scroll-to", "--view", "--follow", "--keys", "--size", "--csv-formulas"] {
            #expect(manual.contains(option), "\(option)")
        }
        for status in ["0 ", "1 ", "64 ", "65 ", "74 "] { #expect(manual.contains("EXIT STATUS") && manual.contains(" " + status)) }
    }

    @Test func bashCompletesSubcommandsOptionsAndValues() {
        let script = """
            source <("$0" completions bash)
            complete() { :; }
            COMP_WORDS=(tstack --view ""); COMP_CWORD=2; _tstack; echo "view: ${COMPREPLY[*]}"
            COMP_WORDS=(tstack ren); COMP_CWORD=1; _tstack; echo "command: ${COMPREPLY[*]}"
            COMP_WORDS=(tstack browse --fo); COMP_CWORD=2; _tstack; echo "option: ${COMPREPLY[*]}"
            COMP_WORDS=(tstack completions ""); COMP_CWORD=2; _tstack; echo "shells: ${COMPREPLY[*]}"
            """
        let result = Subprocess.run(["/bin/bash", "-c", script, Subprocess.tstack], stdin: "/dev/null")
        #expect(result.lines == ["view: tree table", "command: render", "option: --format --follow", "shells: bash zsh fish"], "\(result.stdout)\(result.stderr)")
        for shell in ["zsh", "fish"] {
            let script = CommandLineTests.run("completions", shell)
            #expect(script.status == 0 && script.stdout.contains("--view") && script.stdout.contains("tree table"), "\(shell)")
        }
        let unknown = CommandLineTests.run("completions", "ksh")
        #expect(unknown.status == 64 && unknown.stderr.contains("usage: tstack completions bash|zsh|fish"))
    }

    /// `TERM=dumb` on a terminal: the document printed as on a pipe, and the shell back.
    @Test func aDumbTerminalGetsText() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        Subprocess.write(#"{"dumb": 1}"#, to: directory + "/small.json")
        let tmux = TmuxSession(
            width: 60, height: 12, command: "TERM=dumb '\(Subprocess.tstack)' browse '\(directory)/small.json'; echo \"exit=$?\"; sleep 60")
        let screen = tmux.waitUntil { $0.contains { $0.hasPrefix("exit=") } }
        #expect(screen.contains("exit=0") && screen.contains { $0.contains(#""dumb": 1"#) }, "\(screen)")
    }
}
