import TerminalUI

/// What one binding is pressed as: a key, or two keys in a row (vim's `zo`, jless's `yy`).
public struct KeyChord: Hashable, Sendable {
    /// The first key, and the second of a two-key chord (kept inline: a lookup per key press
    /// allocates nothing).
    private let first: Key
    private let second: Key?

    /// A one-key chord.
    public init(_ key: Key) {
        first = key
        second = nil
    }

    /// A two-key chord: `prefix`, then `key`.
    public init(_ prefix: Key, _ key: Key) {
        first = prefix
        second = key
    }

    /// A chord of the characters of `text`, one or two (`"zo"`).
    public init(_ text: String) {
        precondition((1...2).contains(text.count), "a chord is one or two keys")
        first = .character(text.first!)
        second = text.count == 2 ? .character(text.last!) : nil
    }

    /// The keys, in the order they are pressed: one or two.
    public var keys: [Key] { second.map { [first, $0] } ?? [first] }

    /// The first key, when the chord is two keys.
    public var prefix: Key? { second == nil ? nil : first }

    /// As help writes it, briefly: `j`, `S-Tab`, `↓`, `^E`, `Space`, `PgDn`, `F1`, `zo`.
    public var shortName: String { keys.map(KeyNames.short).joined() }

    /// As a README writes it: characters in backticks (a chord of two as one word), else the
    /// keys by name: `Ctrl-E`, `Space`, `Down`.
    public var readmeName: String {
        keys.allSatisfy({ if case .character(let c) = $0 { c != " " } else { false } })
            ? "`" + keys.map(KeyNames.short).joined() + "`" : keys.map(KeyNames.readme).joined(separator: " ")
    }
}

/// The names of keys as help and READMEs write them.
public enum KeyNames {
    /// A key, briefly: `j`, `Tab`, `S-Tab`, `↓`, `^E`, `Space`, `PgDn`, `F1`.
    public static func short(_ key: Key) -> String {
        switch key {
        case .control(let letter): return "^" + letter.uppercased()
        case .backTab: return "S-Tab"
        case .down: return "↓"
        case .up: return "↑"
        case .left: return "←"
        case .right: return "→"
        case .character(let character) where character != " ": return String(character)
        default: return readme(key)
        }
    }

    /// A key as a README writes it: a character in backticks, else `Tab`, `Shift-Tab`,
    /// `Ctrl-E`, `Down`, `PgDn`.
    public static func readme(_ key: Key) -> String {
        switch key {
        case .character(" "): return "Space"
        case .character(let character): return "`\(character)`"
        case .control(let letter): return "Ctrl-" + letter.uppercased()
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .down: return "Down"
        case .up: return "Up"
        case .left: return "Left"
        case .right: return "Right"
        case .pageDown: return "PgDn"
        case .pageUp: return "PgUp"
        case .home: return "Home"
        case .end: return "End"
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .insert: return "Insert"
        case .function(let number): return "F\(number)"
        }
    }
}
