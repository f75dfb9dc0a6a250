/// Where a node is in a JSON document, written as jq writes it: `.` for the root,
/// `.features[12].properties.name`, `.[150].f20`, `.["a b"]["c.d"]`.
///
/// A path is a node's id in the tree view, so formatting and parsing round-trip: a key that is
/// an identifier (`[A-Za-z_][A-Za-z0-9_]*`) is written `.key`, any other key as a JSON string in
/// brackets, with every control character escaped (a path shown on screen is inert text).
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
    /// One step down from a container.
    public enum Component: Hashable, Sendable {
        /// An object's member, by key.
        case key(String)
        /// An array's element, by index; negative counts from the end (`.[-1]` is the last),
        /// as jq does, when a path is typed.
        case index(Int)
    }

    /// The steps from the root.
    public var components: [Component]

    /// The root: `.`.
    public static let root = JSONPath(components: [])

    /// The path through `components`, from the root.
    public init(components: [Component]) {
        self.components = components
    }

    /// The path one step further down.
    public func appending(_ component: Component) -> JSONPath {
        JSONPath(components: components + [component])
    }

    /// The path of the enclosing container; nil for the root.
    public var parent: JSONPath? {
        components.isEmpty ? nil : JSONPath(components: Array(components.dropLast()))
    }

    /// The path in jq syntax.
    public var description: String {
        guard !components.isEmpty else { return "." }
        var text = ""
        for (position, component) in components.enumerated() {
            switch component {
            case .key(let key) where Self.isIdentifier(key):
                text += "." + key
            case .key(let key):
                text += (position == 0 ? ".[" : "[") + JSONString.literal(key) + "]"
            case .index(let index):
                text += (position == 0 ? ".[" : "[") + String(index) + "]"
            }
        }
        return text
    }

    /// The path in brackets only, as JavaScript and Python index it (`["a"][0]`; the root: empty),
    /// what jless's `yb` copies.
    public var bracketed: String {
        components.map { component in
            switch component {
            case .key(let key): return "[" + JSONString.literal(key) + "]"
            case .index(let index): return "[\(index)]"
            }
        }.joined()
    }

    /// Whether `key` can be written `.key`: ASCII letters, digits and `_`, not starting with a
    /// digit (as jq; the tree shows such keys bare).
    public static func isIdentifier(_ key: String) -> Bool {
        guard let first = key.utf8.first, first == UInt8(ascii: "_") || isLetter(first) else { return false }
        return key.utf8.allSatisfy { $0 == UInt8(ascii: "_") || isLetter($0) || isDigit($0) }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

// MARK: - Parsing

extension JSONPath {
    /// Why a typed path is not one: the column (1-based, in characters) and what was expected.
    public struct ParseError: Error, Equatable, Sendable, CustomStringConvertible {
        /// The 1-based column, in characters, where the path stops being one.
        public var column: Int
        /// What was expected there.
        public var message: String

        /// An error at `column` of the path saying `message`.
        public init(column: Int, message: String) {
            self.column = column
            self.message = message
        }

        /// The column and the message.
        public var description: String { "column \(column): \(message)" }
    }

    /// Parses a path as jq writes it. Accepted besides what ``description`` writes: `."a b"`,
    /// `.a.[0]`, `.a.["b"]`, `[0]` without the leading dot, and spaces around the whole.
    /// - Throws: ``ParseError`` at the first character that is not a path's.
    public init(parsing text: String) throws(ParseError) {
        let characters = Array(text.trimmingSpaces.unicodeScalars)
        var position = 0
        var components: [Component] = []
        func fail(_ message: String) -> ParseError {
            ParseError(column: position + 1, message: message)
        }
        guard !characters.isEmpty else { throw fail("expected a path such as . or .key or .[0]") }
        if characters == ["."] {
            self.init(components: [])
            return
        }
        while position < characters.count {
            let afterDot: Bool
            if characters[position] == "." {
                position += 1
                afterDot = true
            } else {
                afterDot = false
            }
            guard position < characters.count else { throw fail("expected a key or [ after .") }
            let character = characters[position]
            if character == "[" {
                position += 1
                guard position < characters.count else { throw fail("expected an index or a quoted key after [") }
                if characters[position] == "\"" {
                    components.append(.key(try Self.string(characters, at: &position)))
                } else {
                    let start = position
                    if characters[position] == "-" { position += 1 }
                    while position < characters.count, ("0"..."9").contains(characters[position]) { position += 1 }
                    let digits = String(String.UnicodeScalarView(characters[start..<position]))
                    guard let index = Int(digits) else {
                        position = start
                        // Digits too many for any array: no node has that index.
                        let hasDigits = digits.unicodeScalars.contains { ("0"..."9").contains($0) }
                        throw fail(hasDigits ? "index \(digits) is out of range" : "expected an index (digits) or a quoted key after [")
                    }
                    components.append(.index(index))
                }
                guard position < characters.count, characters[position] == "]" else { throw fail("expected ]") }
                position += 1
            } else if afterDot, character == "\"" {
                components.append(.key(try Self.string(characters, at: &position)))
            } else if afterDot, character == "_" || character.isASCIILetter || ("0"..."9").contains(character) {
                let start = position
                while position < characters.count, characters[position] == "_" || characters[position].isASCIILetter
                    || ("0"..."9").contains(characters[position]) {
                    position += 1
                }
                let key = String(String.UnicodeScalarView(characters[start..<position]))
                guard Self.isIdentifier(key) else {
                    position = start
                    throw fail("a key starting with a digit is written .[\"…\"]")
                }
                components.append(.key(key))
            } else {
                throw fail(afterDot ? "expected a key, a quoted key or [ after ." : "expected . or [")
            }
        }
        self.init(components: components)
    }

    /// The JSON string starting at `position` (its opening quote), decoded; `position` ends
    /// past its closing quote.
    private static func string(_ characters: [Unicode.Scalar], at position: inout Int) throws(ParseError) -> String {
        let start = position
        position += 1
        while position < characters.count, characters[position] != "\"" {
            position += characters[position] == "\\" ? 2 : 1
        }
        guard position < characters.count else {
            throw ParseError(column: start + 1, message: "the quoted key is not closed")
        }
        position += 1
        let literal = String(String.UnicodeScalarView(characters[start..<position]))
        guard case .string(let key)? = try? JSONParser.parse(Array(literal.utf8)) else {
            throw ParseError(column: start + 1, message: "expected a JSON string")
        }
        return key
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool {
        ("a"..."z").contains(self) || ("A"..."Z").contains(self)
    }
}

extension String {
    fileprivate var trimmingSpaces: Substring {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " }) else { return "" }
        let last = scalars.lastIndex(where: { $0 != " " })!
        return Substring(scalars[first...last])
    }
}
