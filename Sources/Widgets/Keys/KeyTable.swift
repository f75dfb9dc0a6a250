import TerminalUI

/// Keys that do one thing.
public struct KeyBinding<Action: Equatable & Sendable>: Sendable {
    /// The chords, the first one the one help names first.
    public let chords: [KeyChord]
    /// What they do.
    public let action: Action

    /// Binds each of `chords` to `action`.
    public init(_ chords: [KeyChord], _ action: Action) {
        self.chords = chords
        self.action = action
    }

    /// Bindings of one-key chords.
    public init(keys: [Key], _ action: Action) {
        self.init(keys.map { KeyChord($0) }, action)
    }
}

/// A line of help: one binding, or two that mirror each other (next / previous), what they do,
/// and where they are bound — bubbles' `key.Binding` with its help, in the table that is the only
/// place keys are bound.
public struct KeyTableEntry<Action: Equatable & Sendable, Context: Hashable & Sendable>: Sendable {
    /// The keys and what each does.
    public let bindings: [KeyBinding<Action>]
    /// What the bindings do, in a few words.
    public let help: String
    /// The contexts (modes, kinds of content) the bindings hold in.
    public let contexts: Set<Context>

    /// An entry of `bindings`, described by `help` in the help box, that hold in `contexts`.
    public init(_ bindings: [KeyBinding<Action>], _ help: String, in contexts: Set<Context>) {
        self.bindings = bindings
        self.help = help
        self.contexts = contexts
    }

    /// This entry's keys for another table: each binding's action made one of `transform`'s,
    /// described by `help` (this entry's own when nil), holding in `contexts` — how a program
    /// builds its key table from a widget's defaults and keeps their keys.
    public func mapped<Other: Equatable & Sendable, OtherContext: Hashable & Sendable>(
        help: String? = nil, in contexts: Set<OtherContext>, _ transform: (Action) -> Other
    ) -> KeyTableEntry<Other, OtherContext> {
        KeyTableEntry<Other, OtherContext>(
            bindings.map { KeyBinding($0.chords, transform($0.action)) }, help ?? self.help, in: contexts)
    }

    /// The chords as the help box writes them: `j Tab  k S-Tab`.
    public var keysForHelp: String {
        bindings.map { $0.chords.map(\.shortName).joined(separator: " ") }.joined(separator: "  ")
    }

    /// The chords as a README's table writes them: characters in backticks, keys by name, one
    /// binding's chords joined by a slash, the bindings by commas: j in backticks / Tab, k in
    /// backticks / Shift-Tab.
    public var keysForReadme: String {
        bindings.map { $0.chords.map(\.readmeName).joined(separator: " / ") }.joined(separator: ", ")
    }

    /// The chords as a one-paragraph summary writes them: `j/Tab, k/S-Tab`.
    public var keysForSummary: String {
        bindings.map { $0.chords.map(\.shortName).joined(separator: "/") }.joined(separator: ", ")
    }
}

/// Every key binding of a program: actions with their help, one- and two-key chords, and the
/// contexts each holds in (a mode such as a prompt or a help box, or a kind of content). It is
/// the only place keys are bound: lookups, help boxes, `--help` and README tables all read it.
///
/// A context binds a chord to one action at most, and a key that starts a two-key chord is
/// bound to nothing alone there (``problems`` lists any table that breaks this; a test of each
/// program's table asserts it is empty).
public struct KeyTable<Action: Equatable & Sendable, Context: Hashable & Sendable>: Sendable {
    /// One line of the table's help and the bindings it describes.
    public typealias Entry = KeyTableEntry<Action, Context>

    /// Every entry, in the order help lists them.
    public let entries: [Entry]
    @usableFromInline let actions: [Context: [KeyChord: Action]]
    @usableFromInline let prefixes: [Context: Set<Key>]

    /// A table of `entries`, in the order the help lists them. (Inlinable, as the lookups:
    /// built in the program's own types, the table takes a tenth of the time it takes through
    /// generic dictionaries — it is built as the program starts.)
    @inlinable
    public init(_ entries: [Entry]) {
        self.entries = entries
        var actions: [Context: [KeyChord: Action]] = [:]
        var prefixes: [Context: Set<Key>] = [:]
        for entry in entries {
            for binding in entry.bindings {
                for chord in binding.chords {
                    for context in entry.contexts {
                        if actions[context, default: [:]][chord] == nil { actions[context, default: [:]][chord] = binding.action }
                        if let prefix = chord.prefix { prefixes[context, default: []].insert(prefix) }
                    }
                }
            }
        }
        self.actions = actions
        self.prefixes = prefixes
    }

    /// The action `chord` is bound to in `context`, if any.
    /// - Complexity: O(1).
    /// (Inlinable: a program's key is looked up in its own table types, not through generic
    /// dictionaries of unknown keys, a tenth of a key press's time.)
    @inlinable
    public func action(for chord: KeyChord, in context: Context) -> Action? {
        actions[context]?[chord]
    }

    /// Whether `key` starts a two-key chord in `context`.
    @inlinable
    public func isPrefix(_ key: Key, in context: Context) -> Bool {
        prefixes[context]?.contains(key) ?? false
    }

    /// The entries that hold in `context`, in order.
    public func entries(in context: Context) -> [Entry] {
        entries.filter { $0.contexts.contains(context) }
    }

    /// Lines for a help box: each entry of `context` (but those `shownWith` has too, listed
    /// already), its chords, then what they do.
    public func helpLines(in context: Context, skippingThoseOf shownWith: Context? = nil) -> [String] {
        let shown = entries(in: context).filter { entry in shownWith.map { !entry.contexts.contains($0) } ?? true }
        let width = shown.map { DisplayWidth.of($0.keysForHelp) }.max() ?? 0
        return shown.map { entry in
            entry.keysForHelp + String(repeating: " ", count: width - DisplayWidth.of(entry.keysForHelp)) + "  "
                + entry.help
        }
    }

    /// What is wrong with the table: a chord bound to two different actions in one context, or a
    /// key bound alone where it also starts a chord. Empty for a table that works.
    public var problems: [String] {
        var found: [String] = []
        var seen: [Context: [KeyChord: Action]] = [:]
        for entry in entries {
            for binding in entry.bindings {
                for chord in binding.chords {
                    for context in entry.contexts {
                        if let earlier = seen[context]?[chord], earlier != binding.action {
                            found.append("\(chord.shortName) is bound twice in \(context)")
                        }
                        seen[context, default: [:]][chord] = binding.action
                        if chord.prefix == nil, isPrefix(chord.keys[0], in: context) {
                            found.append("\(chord.shortName) is bound alone and starts a chord in \(context)")
                        }
                    }
                }
            }
        }
        return found
    }
}
