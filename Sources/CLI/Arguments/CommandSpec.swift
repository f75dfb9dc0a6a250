/// What a command accepts: its one argument and its options, with the words `--help` shows.
struct CommandSpec {
    /// The command's name, as typed after `tstack`.
    let name: String
    /// One line saying what it does.
    let abstract: String
    /// The paragraph under it in `--help`, made only for help (the key summary is composed from
    /// the key table).
    let discussion: @Sendable () -> String
    /// The positional argument's name (`file`) and help.
    let argument: (name: String, help: String)
    /// The options, in the order `--help` lists them.
    let options: [OptionSpec]
    /// Whether a missing argument means standard input when it is no terminal
    /// (`cat FILE | tstack`, as jless and fx read it).
    var readsPipedInput = false
    /// Whether several arguments may be given (`tstack browse a.jsonl b.jsonl.1.gz`).
    var takesSeveralArguments = false

    /// The argument as usage lines show it: `<file>`, or `<file>...`.
    var argumentSynopsis: String { "<\(argument.name)>" + (takesSeveralArguments ? "..." : "") }

    /// The option named `name` (without its dashes).
    func option(named name: Substring) -> OptionSpec? {
        options.first { $0.name == name }
    }
}

/// One `--name` option: a flag, or an option that takes a value.
struct OptionSpec {
    enum Kind {
        /// Present or not: `--follow`.
        case flag
        /// Takes the next word or `=value`: `--size 80x24`. With `takesDashes`, the next word is
        /// its value even when it starts with `-` (so `--prefetch -1` is refused as a value, not
        /// taken for an option).
        case value(name: String, takesDashes: Bool = false)
    }

    /// The long name, without its dashes.
    let name: String
    let kind: Kind
    let help: String
    /// The default as a user would type it, shown by `--help`.
    var defaultValue: String?
    /// Left out of `--help` (options for tests).
    var isHidden = false

    /// `--size <COLSxROWS>`, as usage and errors show it.
    var synopsis: String {
        switch kind {
        case .flag: "--\(name)"
        case .value(let valueName, _): "--\(name) <\(valueName)>"
        }
    }
}

/// A command line a user typed wrong: the message `tstack` prints (then `see tstack --help`),
/// exiting with status 64 (EX_USAGE).
struct UsageError: Error {
    let message: String

    init(_ message: String) { self.message = message }

    /// A value the option cannot take: `--size 1x`.
    static func invalid(_ value: String, for option: OptionSpec) -> UsageError {
        UsageError("The value '\(value)' is invalid for '\(option.synopsis)'")
    }
}
