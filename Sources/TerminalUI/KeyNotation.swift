/// Vim-like key notation for scripts and tests: `jj:goto step-3<Enter>`.
///
/// `<Down> <Up> <Left> <Right> <PgDn> <PgUp> <Home> <End> <Enter> <Esc> <Tab> <S-Tab> <Space> <BS>
/// <Del> <F1>…<F12> <lt>`, `<C-x>` for Ctrl-x, `<Resize 100x30>`, `<ScrollUp>`/`<ScrollDown>` for the
/// mouse wheel, `<Click X,Y>`; any other character is typed as itself. Names are case-insensitive.
public enum KeyNotation {
    /// A key name that is not in the notation.
    public struct UnknownKey: Error, Equatable, CustomStringConvertible {
        /// The key name that could not be read.
        public var name: String
        /// Why a known name was refused, when it was (a resize out of bounds).
        public var reason: String?

        /// An error about the key named `name`, and why when there is more to say.
        public init(name: String, reason: String? = nil) {
            self.name = name
            self.reason = reason
        }

        /// The one-line message to print.
        public var description: String {
            if let reason { return "<\(name)>: \(reason)" }
            return "unknown key <\(name)> (known: Down Up Left Right PgDn PgUp Home End Enter Esc Tab "
                + "Space BS Del F1-F12 C-x lt, Resize WxH, ScrollUp, ScrollDown, Click X,Y)"
        }
    }

    /// Parses `notation` into events.
    /// - Throws: ``UnknownKey`` for a `<…>` name that is not in the notation.
    public static func parse(_ notation: String) throws(UnknownKey) -> [InputEvent] {
        var events: [InputEvent] = []
        var rest = Substring(notation)
        while let first = rest.first {
            if first == "<", let close = rest.firstIndex(of: ">"), rest.index(after: rest.startIndex) < close {
                let name = rest[rest.index(after: rest.startIndex)..<close]
                if !name.contains("<") {
                    events.append(try event(named: String(name)))
                    rest = rest[rest.index(after: close)...]
                    continue
                }
            }
            events.append(.key(.character(first)))
            rest = rest.dropFirst()
        }
        return events
    }

    /// `key` in the notation: `j`, `<Down>`, `<C-e>`, `<F1>`, `<lt>`; ``parse(_:)`` reads it back.
    public static func notation(_ key: Key) -> String {
        switch key {
        case .character("<"): return "<lt>"
        case .character(" "): return "<Space>"
        case .character(let character): return String(character)
        case .control(let letter): return "<C-\(letter)>"
        case .function(let number): return "<F\(number)>"
        default:
            let name = names[key] ?? "\(key)"
            return "<\(name)>"
        }
    }

    /// The name each named key is written with.
    private static let names: [Key: String] = [
        .down: "Down", .up: "Up", .left: "Left", .right: "Right", .pageDown: "PgDn", .pageUp: "PgUp",
        .home: "Home", .end: "End", .enter: "Enter", .escape: "Esc", .tab: "Tab", .backTab: "S-Tab",
        .backspace: "BS", .delete: "Del",
    ]

    private static let named: [String: Key] = [
        "down": .down, "up": .up, "left": .left, "right": .right,
        "pgdn": .pageDown, "pagedown": .pageDown, "pgup": .pageUp, "pageup": .pageUp,
        "home": .home, "end": .end, "enter": .enter, "cr": .enter, "return": .enter,
        "esc": .escape, "tab": .tab, "s-tab": .backTab, "space": .character(" "),
        "bs": .backspace, "del": .delete, "lt": .character("<"),
    ]

    private static func event(named name: String) throws(UnknownKey) -> InputEvent {
        let lower = name.lowercased()
        if let key = named[lower] { return .key(key) }
        if lower.hasPrefix("c-"), lower.count == 3, let letter = lower.last, letter.isLetter {
            return .key(.control(letter))
        }
        if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...12).contains(number) {
            return .key(.function(number))
        }
        if lower == "scrollup" { return .mouse(.wheel(-1)) }
        if lower == "scrolldown" { return .mouse(.wheel(1)) }
        if lower.hasPrefix("resize ") {
            guard let size = TerminalSize(notation: lower.dropFirst(7)) else {
                let largest = TerminalSize.largestScripted
                throw UnknownKey(
                    name: name, reason: "expected a size COLSxROWS of at most \(largest.width)x\(largest.height)")
            }
            return .resize(size)
        }
        if lower.hasPrefix("click ") {
            let parts = lower.dropFirst(6).split(separator: ",")
            if parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]) {
                return .mouse(.click(x: x, y: y))
            }
        }
        throw UnknownKey(name: name)
    }
}
