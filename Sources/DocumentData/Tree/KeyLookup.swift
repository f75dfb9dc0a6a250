/// Finds an object's member by its key without decoding every key: the object's bytes are
/// searched a window at a time (at the speed of PCRE2's JIT) for the key in any way JSON can
/// write it — each character as itself or as an escape (`\u00e9`, `\n`, `\/`) — and a match is
/// the member's only when it starts the key of one of the object's own children (a deeper
/// object's key of the same name is not). So `:goto .nope` in an object of 5,000,000 keys reads
/// its bytes once, in memory that does not grow, instead of decoding every key.
struct KeyLookup {
    /// Bytes searched a step.
    static let window = 4 << 20
    /// Objects with at most this many children are looked through key by key.
    static let smallObject = 4096

    private let tree: JSONTree
    private let table: ChildTable
    private let key: String
    /// The pattern of every spelling of the key; nil for a small object (or a key too long for
    /// a pattern PCRE2 compiles), looked through key by key at the first step.
    private let pattern: RegexPattern?
    private let start: Int
    private let end: Int
    /// The end of the next window: the object's bytes are searched from its end back.
    private var windowEnd: Int
    /// The answer, once known: the child's index, or nil for none.
    private(set) var answer: Int??

    /// A lookup of `key` among the children of object `table` of `tree`.
    init(key: String, in table: ChildTable, of tree: JSONTree) {
        self.tree = tree
        self.table = table
        self.key = key
        start = table.count > 0 ? table.regionStart(of: 0) : 0
        end = table.isComplete ? table.end : max(start, table.end)
        windowEnd = end
        pattern = table.isObject && table.count > Self.smallObject
            ? try? RegexPattern(Self.pattern(for: key), exactCase: true) : nil
        if !table.isObject || table.count == 0 { answer = .some(nil) }
    }

    /// How far the lookup got, 0–1.
    var progress: Double {
        end > start ? Double(end - windowEnd) / Double(end - start) : 1
    }

    /// Looks through the next window (a small object whole); ``answer`` once it knows.
    mutating func step() {
        guard answer == nil else { return }
        guard let pattern else {
            // Keys compare as their bytes, as jq compares them (not as Swift's canonically equal
            // strings: `é` and `e` with a combining accent are two keys).
            let wanted = Array(key.utf8)
            answer = .some((0..<table.count).last {
                tree.key(ofChild: $0, in: table).map { Array($0.utf8) == wanted } ?? false
            })
            return
        }
        guard windowEnd > start else { return answer = .some(nil) }
        let windowStart = max(start, windowEnd - Self.window)
        // A key that starts in the window is read whole (it may run past the window's end).
        let bytes = tree.bytes(in: windowStart..<min(end, windowEnd + key.utf8.count * 12 + 64))
        var found: Int?
        bytes.withUnsafeBytes { raw in
            for match in pattern.matchRanges(in: raw) where windowStart + match.lowerBound < windowEnd {
                let offset = windowStart + match.lowerBound
                let index = table.index(ofChildContaining: offset)
                if index >= 0, table.keyRegion(of: index)?.lowerBound == offset { found = index }
            }
        }
        // From the end back: the last key found is the answer (JSON's last member wins), so the
        // first window that has it ends the lookup.
        if let found { return answer = .some(found) }
        windowEnd = windowStart
    }

    /// The index of the last child of object `table` (of `tree`) whose key is `key` (JSON's last
    /// member wins, as in jq), or nil when there is none, looked up to the end.
    static func lastIndex(ofKey key: String, in table: ChildTable, of tree: JSONTree) -> Int? {
        var lookup = KeyLookup(key: key, in: table, of: tree)
        while lookup.answer == nil { lookup.step() }
        return lookup.answer ?? nil
    }

    /// A pattern matching `key` as a JSON string written any way JSON allows, from its opening
    /// quote to the colon after it.
    static func pattern(for key: String) -> String {
        var pattern = "\""
        for scalar in key.unicodeScalars {
            var spellings: [String] = []
            // As itself (not a quote, a backslash or a control character, which must be escaped).
            if scalar != "\"", scalar != "\\", scalar.value >= 0x20 { spellings.append(literal(scalar)) }
            switch scalar {
            case "\"": spellings.append(#"\\""#)
            case "\\": spellings.append(#"\\\\"#)
            case "/": spellings.append(#"\\/"#)
            case "\u{08}": spellings.append(#"\\b"#)
            case "\u{0C}": spellings.append(#"\\f"#)
            case "\n": spellings.append(#"\\n"#)
            case "\r": spellings.append(#"\\r"#)
            case "\t": spellings.append(#"\\t"#)
            default: break
            }
            // As `\uXXXX` (two of them, a surrogate pair, beyond the BMP), hex digits in either case.
            let units = Array(String(scalar).utf16)
            spellings.append(units.map { #"\\u"# + hex($0) }.joined())
            pattern += "(?:" + spellings.joined(separator: "|") + ")"
        }
        return pattern + #""\s*:"#
    }

    /// `scalar` as a pattern matching it alone.
    private static func literal(_ scalar: Unicode.Scalar) -> String {
        "\\x{" + String(scalar.value, radix: 16) + "}"
    }

    /// A UTF-16 unit's four hex digits, either case of each letter.
    private static func hex(_ unit: UInt16) -> String {
        let digits = String(unit, radix: 16)
        return (String(repeating: "0", count: 4 - digits.count) + digits).map { digit in
            digit.isLetter ? "[" + digit.lowercased() + digit.uppercased() + "]" : String(digit)
        }.joined()
    }
}
