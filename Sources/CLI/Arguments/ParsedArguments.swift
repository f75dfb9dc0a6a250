import Platform

/// The words of a command line sorted out by a ``CommandSpec``: its argument, its options'
/// values and its flags. Each command reads its typed options from here.
struct ParsedArguments {
    /// What the words asked for.
    enum Request {
        case run(ParsedArguments)
        /// `-h` or `--help` among them.
        case help
    }

    /// The positional argument (the first, when several may be given).
    private(set) var argument = ""
    /// Every positional argument, in order.
    private(set) var arguments: [String] = []
    /// The values given, by option name (the last given wins, as in most tools).
    private var values: [String: String] = [:]
    private var flags: Set<String> = []
    private let spec: CommandSpec

    private init(spec: CommandSpec) { self.spec = spec }

    /// Sorts out `words` (what follows the command's name) for `spec`: `--name value`,
    /// `--name=value`, flags, one argument anywhere among them, and `--` before an argument that
    /// starts with a dash. `-h` or `--help` anywhere before a `--` asks for help, whatever else
    /// is wrong.
    /// - Throws: ``UsageError`` naming the first word that does not fit.
    static func parse(_ words: some Collection<String>, for spec: CommandSpec) throws(UsageError) -> Request {
        if words.prefix(while: { $0 != "--" }).contains(where: { $0 == "-h" || $0 == "--help" }) { return .help }
        var parsed = ParsedArguments(spec: spec)
        var arguments: [String] = []
        var rest = words[...]
        var onlyArguments = false
        while let word = rest.popFirst() {
            if onlyArguments || !word.hasPrefix("-") || word == "-" {
                arguments.append(word)
                continue
            }
            if word == "--" {
                onlyArguments = true
                continue
            }
            guard word.hasPrefix("--") else { throw UsageError("Unknown option '\(word)'") }
            let body = word.dropFirst(2)
            let name = body.prefix { $0 != "=" }
            let inline = name.endIndex < body.endIndex ? String(body[body.index(after: name.endIndex)...]) : nil
            guard let option = spec.option(named: name) else { throw UsageError("Unknown option '--\(name)'") }
            switch option.kind {
            case .flag:
                guard inline == nil else { throw UsageError("The flag '--\(name)' takes no value") }
                parsed.flags.insert(option.name)
            case .value(_, let takesDashes):
                if let inline {
                    parsed.values[option.name] = inline
                } else if let next = rest.first, takesDashes || !next.hasPrefix("-") || next == "-" {
                    parsed.values[option.name] = next
                    rest.removeFirst()
                } else {
                    throw UsageError("Missing value for '\(option.synopsis)'")
                }
            }
        }
        let piped = spec.readsPipedInput && Self.standardInputIsPipedOrAFile ? "-" : nil
        guard let argument = arguments.first ?? piped else {
            throw UsageError("Missing expected argument '<\(spec.argument.name)>'")
        }
        guard arguments.count <= 1 || spec.takesSeveralArguments else {
            throw UsageError("Unexpected argument '\(arguments[1])'")
        }
        if let standardInput = arguments.first(where: { $0 == "-" }), arguments.count > 1 {
            throw UsageError("Unexpected argument '\(standardInput)': standard input is read alone")
        }
        parsed.argument = argument
        parsed.arguments = arguments.isEmpty ? [argument] : arguments
        return .run(parsed)
    }

    /// Whether flag `name` was given.
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// The value of option `name` as typed, if given.
    func string(_ name: String) -> String? { values[name] }

    /// The value of option `name` made by `make` (nil for a value it refuses) from the text
    /// given, or from the option's default (`OptionSpec.defaultValue`: what the help says) when
    /// it was not given.
    /// - Throws: ``UsageError`` when the value given is refused.
    func value<Value>(_ name: String, _ make: (String) -> Value?) throws(UsageError) -> Value {
        // (Every name asked for is the spec's, with a default.)
        let option = spec.option(named: name[...])!
        guard let text = values[name] else {
            guard let value = option.defaultValue.flatMap(make) else { preconditionFailure("--\(name) has no default it takes") }
            return value
        }
        guard let value = make(text) else { throw UsageError.invalid(text, for: option) }
        return value
    }

    /// Whether standard input is a pipe or a file (`cat FILE | tstack`, `tstack < FILE`): not a
    /// terminal, nor a device such as `/dev/null`.
    private static var standardInputIsPipedOrAFile: Bool {
        var status = stat()
        guard fstat(STDIN_FILENO, &status) == 0 else { return false }
        let kind = status.st_mode & S_IFMT
        return kind == S_IFIFO || kind == S_IFREG || kind == S_IFSOCK
    }
}
