/// A `:where` expression: comparisons of a record's members with values, joined by `and` and
/// `or` (`and` first), `not` and parentheses — `status >= 400`, `level = "error" or latency_ms >
/// 250`, `ctx.user != null`, `msg ~ time.?out`, `msg ~* TIMEOUT` (case ignored), `status in (500,
/// 502, "x")`. A member is named as the table's header row names
/// it (`ctx.user`, `["a.b"]`) or by its keys joined by dots; a value is a number, a JSON string, a
/// word (a string: `level = error`), `true`, `false` or `null`.
///
/// A record matches as jq would compare: `=` and `!=` by type and value (a missing member is
/// `null`); `<` `<=` `>` `>=` numbers with numbers and strings with strings (by their bytes),
/// never across types; `~` a string member against a regular expression (PCRE2, smart case),
/// `~*` ignoring case; `in (…)` equal to one of the values.
///
/// A log's times and levels order as times and levels: `ts >= "2026-11-28T10:00"` and `ts >
/// -15m` (relative to when the query was read: `s`, `m`, `h`, `d`, `w`) compare the instants a
/// time member (`ts`, `time`, `timestamp`, `@timestamp`, `t`, `date`) says — RFC 3339 strings in any zone, epoch numbers —
/// and `level >= warn` the severity a level member (``LogLevel/fieldNames``) says, in any case
/// or as a number; a value that says no time or level never matches such a comparison.
/// It is checked on the record's bytes (`MemberScanner`): nothing is decoded but the members
/// compared.
public struct RecordQuery: CustomStringConvertible {
    /// The expression as typed.
    public let description: String
    private let root: Node

    /// A comparison, or two joined.
    private indirect enum Node {
        case compare(name: String, keys: [[UInt8]], Operator, Literal)
        case and(Node, Node)
        case or(Node, Node)
        case not(Node)
    }

    private enum Operator: String, CaseIterable {
        case equal = "=", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">=", matches = "~"
        case matchesIgnoringCase = "~*"
    }

    private enum Literal {
        /// A number, and how it is written when a Double may not tell it apart (`MemberValue`).
        case number(Double, written: [UInt8]?)
        case string([UInt8])
        case boolean(Bool)
        case null
        case pattern(RegexPattern)
        /// An instant, in microseconds since the epoch, that a time member is ordered against.
        case time(Int64)
        /// A severity a level member is ordered against.
        case level(LogLevel)
    }

    /// Parses `text`; a member's name is one of `columns`', or keys below one of theirs.
    /// - Throws: ``RecordQueryError`` saying what was expected where.
    /// Relative times (`ts > -15m`) count from `now`, in microseconds since the epoch (nil: the
    /// clock's time).
    public init(parsing text: String, columns: [RecordColumn], now: Int64? = nil) throws(RecordQueryError) {
        description = text
        var parser = Parser(tokens: try Self.tokens(of: text), columns: columns, now: now ?? LogTime.now)
        root = try parser.expression()
        if let extra = parser.peek { throw RecordQueryError("expected and, or or the end, found \(extra.text)") }
    }

    private init(description: String, root: Node) {
        self.description = description
        self.root = root
    }

    /// The records this query and `other` both keep: `(THIS) and (OTHER)`, their comparisons as
    /// they were read (a relative time keeps the instant it was read at).
    public func and(_ other: RecordQuery) -> RecordQuery {
        RecordQuery(description: "(\(description)) and (\(other.description))", root: .and(root, other.root))
    }

    /// The same query with patterns of its own (a PCRE2 pattern's match data is one thread's):
    /// what another thread matches with; nil when a pattern could not be compiled again.
    func copiedForAnotherThread() -> RecordQuery? {
        func copy(_ node: Node) throws -> Node {
            switch node {
            case .and(let left, let right): return .and(try copy(left), try copy(right))
            case .or(let left, let right): return .or(try copy(left), try copy(right))
            case .not(let inner): return .not(try copy(inner))
            case .compare(let name, let keys, let comparison, .pattern(let pattern)):
                let own = try RegexPattern(pattern.source, ignoringCase: pattern.ignoresCase)
                return .compare(name: name, keys: keys, comparison, .pattern(own))
            case .compare: return node
            }
        }
        return (try? copy(root)).map { RecordQuery(description: description, root: $0) }
    }

    /// Whether a `~` pattern backtracked too much for a record: the query has no answer for it.
    public var exceededLimits: Bool { Self.patterns(in: root).contains { $0.exceededLimits } }

    private static func patterns(in node: Node) -> [RegexPattern] {
        switch node {
        case .and(let left, let right), .or(let left, let right): return patterns(in: left) + patterns(in: right)
        case .not(let inner): return patterns(in: inner)
        case .compare(_, _, _, .pattern(let pattern)): return [pattern]
        case .compare: return []
        }
    }

    /// The first comparison that no record of `sample` (the bytes of the first records) can
    /// satisfy because of its type — `score > "5"` where `score` holds numbers, `status ~ 5`
    /// where it holds no strings — said as what to write instead; nil when every comparison may
    /// match. Only comparisons every match needs are judged (those joined by `and` at the top:
    /// one under `or` or `not` may fail and the query still match), and a member `sample` never
    /// holds is not (it may come later).
    public func typeMismatch(in sample: [[UInt8]]) -> String? {
        var found: String?
        func visit(_ node: Node) {
            guard found == nil else { return }
            switch node {
            case .and(let left, let right):
                visit(left)
                visit(right)
            case .or, .not: break
            case .compare(let name, let keys, let comparison, let literal):
                var kinds = Set<String>()
                for record in sample {
                    let value = record.withUnsafeBufferPointer { bytes in
                        MemberValue(MemberScanner.value(at: keys[...], in: bytes).map { UnsafeBufferPointer(rebasing: bytes[$0]) })
                    }
                    switch value {
                    case .number: kinds.insert("numbers")
                    case .string: kinds.insert("strings")
                    case .boolean: kinds.insert("true or false")
                    case .container: kinds.insert("arrays or objects")
                    case .null, .missing: break
                    }
                }
                found = Self.mismatch(name, comparison, literal, kinds: kinds, sampled: sample.count)
            }
        }
        visit(root)
        return found
    }

    /// Why `name OP literal` never matches a member holding `kinds` (nil when it may).
    private static func mismatch(
        _ name: String, _ comparison: Operator, _ literal: Literal, kinds: Set<String>, sampled: Int
    ) -> String? {
        guard !kinds.isEmpty else { return nil }
        let holds = "\(name) holds only \(kinds.sorted().joined(separator: " and ")) in the first \(sampled) records"
        switch (comparison, literal) {
        case (.matches, _), (.matchesIgnoringCase, _):
            return kinds.contains("strings") ? nil : "\(comparison.rawValue) matches strings, and \(holds): compare with = < >"
        case (.less, .number), (.lessOrEqual, .number), (.greater, .number), (.greaterOrEqual, .number):
            return kinds.contains("numbers") ? nil : "\(holds): \(comparison.rawValue) a number never matches (quote the value to compare strings)"
        case (.less, .string(let text)), (.lessOrEqual, .string(let text)), (.greater, .string(let text)), (.greaterOrEqual, .string(let text)),
            (.equal, .string(let text)):
            guard !kinds.contains("strings"), kinds.contains("numbers") else { return nil }
            let written = String(decoding: text, as: UTF8.self)
            guard case .number? = try? JSONParser.parse(text) else { return "\(holds): \(comparison.rawValue) a string never matches" }
            return "\(holds): \"\(written)\" is a string, which never equals or orders with them (write \(written))"
        default:
            return nil
        }
    }

    /// Whether the record written in `bytes` matches.
    public func matches(_ record: UnsafeBufferPointer<UInt8>) -> Bool {
        Self.evaluate(root, record) { keys in MemberScanner.value(at: keys[...], in: record) }
    }

    /// The first keys of the members the query compares, distinct: what a ``RecordWalk`` looks
    /// up for it.
    var firstKeys: [[UInt8]] {
        var found: [[UInt8]] = []
        func visit(_ node: Node) {
            switch node {
            case .and(let left, let right), .or(let left, let right):
                visit(left)
                visit(right)
            case .not(let inner): visit(inner)
            case .compare(_, let keys, _, _): if let first = keys.first, !found.contains(first) { found.append(first) }
            }
        }
        visit(root)
        return found
    }

    /// Whether a record as a walk for ``firstKeys`` read it matches.
    func matches(_ record: WalkedRecord, firstKeys: [[UInt8]]) -> Bool {
        Self.evaluate(root, record.bytes) { keys in
            guard let index = firstKeys.firstIndex(of: keys[0]) else { return nil }
            return record.value(ofKey: index, keys: firstKeys, then: keys.dropFirst())
        }
    }

    /// Whether `node` holds for `record`, its members found by `find` (their keys to their range).
    private static func evaluate(
        _ node: Node, _ record: UnsafeBufferPointer<UInt8>, _ find: ([[UInt8]]) -> Range<Int>?
    ) -> Bool {
        switch node {
        case .and(let left, let right): return evaluate(left, record, find) && evaluate(right, record, find)
        case .or(let left, let right): return evaluate(left, record, find) || evaluate(right, record, find)
        case .not(let inner): return !evaluate(inner, record, find)
        case .compare(_, let keys, let comparison, let literal):
            let value = MemberValue(find(keys).map { UnsafeBufferPointer(rebasing: record[$0]) })
            return compare(value, comparison, literal)
        }
    }

    private static func compare(_ value: MemberValue, _ comparison: Operator, _ literal: Literal) -> Bool {
        switch comparison {
        case .equal: return equal(value, literal)
        case .notEqual: return !equal(value, literal)
        case .matches, .matchesIgnoringCase:
            guard case .string(let bytes) = value, case .pattern(let pattern) = literal else { return false }
            return bytes.withUnsafeBytes { pattern.firstMatch(in: $0, from: 0) } != nil
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            let order: Int
            switch (value, literal) {
            case (_, .time(let bound)):
                guard let time = value.time else { return false }
                order = time == bound ? 0 : (time < bound ? -1 : 1)
            case (_, .level(let bound)):
                guard let level = value.level else { return false }
                order = level == bound ? 0 : (level < bound ? -1 : 1)
            case (.number(let a, let aWritten), .number(let b, let bWritten)):
                order = MemberValue.compareNumbers(a, aWritten, b, bWritten)
            case (.string(let a), .string(let b)): order = a == b ? 0 : (a.lexicographicallyPrecedes(b) ? -1 : 1)
            default: return false
            }
            switch comparison {
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        }
    }

    private static func equal(_ value: MemberValue, _ literal: Literal) -> Bool {
        switch (value, literal) {
        case (.number(let a, let aWritten), .number(let b, let bWritten)):
            return MemberValue.compareNumbers(a, aWritten, b, bWritten) == 0
        case (.string(let a), .string(let b)): return a == b
        case (.boolean(let a), .boolean(let b)): return a == b
        case (.null, .null), (.missing, .null): return true
        default: return false
        }
    }

    // MARK: - Reading the expression

    private struct Token {
        var text: String
        /// A JSON string literal (`"error"`), not a word.
        var isQuoted = false
    }

    /// The expression's words, operators, parentheses and quoted strings.
    private static func tokens(of text: String) throws(RecordQueryError) -> [Token] {
        let scalars = Array(text.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        /// Inside `in (…)`: a comma separates values (elsewhere it is a word's, `\d{1,3}`).
        var inList = false
        func quotedEnd(from start: Int) throws(RecordQueryError) -> Int {
            var end = start + 1
            while end < scalars.count, scalars[end] != "\"" { end += scalars[end] == "\\" ? 2 : 1 }
            guard end < scalars.count else { throw RecordQueryError("a string without its closing quote") }
            return end + 1
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " " || scalar == "\t" {
                index += 1
            } else if scalar == "(" || scalar == ")" {
                if scalar == "(", let last = tokens.last, !last.isQuoted, last.text == "in" { inList = true }
                if scalar == ")" { inList = false }
                tokens.append(Token(text: String(scalar)))
                index += 1
            } else if "=!<>~".unicodeScalars.contains(scalar) {
                let second: Unicode.Scalar = scalar == "~" ? "*" : "="
                let two = index + 1 < scalars.count && scalars[index + 1] == second
                tokens.append(Token(text: two ? String(scalar) + String(second) : String(scalar)))
                index += two ? 2 : 1
            } else if scalar == ",", inList {
                tokens.append(Token(text: ","))
                index += 1
            } else if scalar == "\"" {
                let end = try quotedEnd(from: index)
                tokens.append(Token(text: String(String.UnicodeScalarView(scalars[index..<end])), isQuoted: true))
                index = end
            } else {
                // A word: a name (`ctx.user`, `["a b"]`: quotes inside it are its own) or a value.
                var end = index
                while end < scalars.count, !" \t()=!<>~".unicodeScalars.contains(scalars[end]), !(inList && scalars[end] == ",") {
                    end = scalars[end] == "\"" ? try quotedEnd(from: end) : end + 1
                }
                tokens.append(Token(text: String(String.UnicodeScalarView(scalars[index..<end]))))
                index = end
            }
        }
        return tokens
    }

    private struct Parser {
        var tokens: [Token]
        var position = 0
        let columns: [RecordColumn]
        /// `not`s and `(`s open around the term being read.
        var depth = 0
        /// Comparisons read so far.
        var comparisons = 0
        /// What relative times count from.
        let now: Int64

        /// The deepest nesting and the most comparisons a query may have: its tree is walked
        /// recursively for every record, on the viewer's stack (40,000 `(` overflowed it).
        static let depthLimit = 100
        static let comparisonLimit = 1_000

        init(tokens: [Token], columns: [RecordColumn], now: Int64) {
            self.tokens = tokens
            self.columns = columns
            self.now = now
        }

        var peek: Token? { position < tokens.count ? tokens[position] : nil }

        mutating func next() -> Token? {
            defer { position += 1 }
            return peek
        }

        mutating func taking(_ word: String) -> Bool {
            guard let token = peek, !token.isQuoted, token.text == word else { return false }
            position += 1
            return true
        }

        mutating func expression() throws(RecordQueryError) -> Node {
            var node = try conjunction()
            while taking("or") { node = .or(node, try conjunction()) }
            return node
        }

        mutating func conjunction() throws(RecordQueryError) -> Node {
            var node = try unary()
            while taking("and") { node = .and(node, try unary()) }
            return node
        }

        mutating func unary() throws(RecordQueryError) -> Node {
            let opens = peek.map { !$0.isQuoted && ($0.text == "not" || $0.text == "(") } ?? false
            if opens { depth += 1 }
            defer { if opens { depth -= 1 } }
            guard depth <= Self.depthLimit else {
                throw RecordQueryError("nested more than \(Self.depthLimit) deep (not, parentheses)")
            }
            if taking("not") { return .not(try unary()) }
            if taking("(") {
                let inner = try expression()
                guard taking(")") else { throw RecordQueryError("expected ), found \(peekDescription(before: false))") }
                return inner
            }
            guard let name = next(), !name.isQuoted, !["and", "or", ")"].contains(name.text) else {
                throw RecordQueryError("expected a column, found \(peekDescription(before: true))")
            }
            let keys = try self.keys(of: name.text)
            if taking("in") { return try list(of: keys, after: name.text) }
            guard let symbol = next(), let comparison = Operator(rawValue: symbol.text == "==" ? "=" : symbol.text) else {
                throw RecordQueryError("expected = != < <= > >= ~ ~* or in after \(name.text)")
            }
            guard let value = next(), value.isQuoted || !["and", "or", "(", ")", ","].contains(value.text) else {
                throw RecordQueryError("expected a value after \(name.text) \(comparison.rawValue)")
            }
            comparisons += 1
            guard comparisons <= Self.comparisonLimit else {
                throw RecordQueryError("more than \(Self.comparisonLimit) comparisons")
            }
            return .compare(name: name.text, keys: keys, comparison, try literal(value, for: comparison, keys: keys))
        }

        /// `in (A, B, …)` after the member `name` names: equal to one of the values.
        mutating func list(of keys: [[UInt8]], after name: String) throws(RecordQueryError) -> Node {
            guard taking("(") else { throw RecordQueryError("expected ( after \(name) in") }
            var node: Node?
            repeat {
                guard let value = next(), value.isQuoted || ![",", "(", ")"].contains(value.text) else {
                    throw RecordQueryError("expected a value in \(name) in (…), found \(peekDescription(before: true))")
                }
                comparisons += 1
                guard comparisons <= Self.comparisonLimit else {
                    throw RecordQueryError("more than \(Self.comparisonLimit) comparisons")
                }
                let compare = Node.compare(name: name, keys: keys, .equal, try literal(value, for: .equal))
                node = node.map { .or($0, compare) } ?? compare
            } while taking(",")
            guard taking(")"), let node else { throw RecordQueryError("expected , or ) in \(name) in (…), found \(peekDescription(before: false))") }
            return node
        }

        /// What the token before the position (or at it) was, for a message.
        func peekDescription(before: Bool) -> String {
            let index = before ? position - 1 : position
            return index >= 0 && index < tokens.count ? tokens[index].text : "the end"
        }

        /// The keys of the member `name` names: a column's, or keys below a column's first.
        func keys(of name: String) throws(RecordQueryError) -> [[UInt8]] {
            if let column = columns.first(where: { $0.name == name }) { return column.keys.map { Array($0.utf8) } }
            var keys: [String]
            if name.hasPrefix(".") || name.hasPrefix("[") {
                guard let path = try? JSONPath(parsing: name.hasPrefix(".") ? name : "." + name) else {
                    throw RecordQueryError("\(name) is no column")
                }
                keys = []
                for component in path.components {
                    guard case .key(let key) = component else { throw RecordQueryError("\(name): a column names keys, not indexes") }
                    keys.append(key)
                }
            } else {
                keys = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            }
            guard let first = keys.first, columns.contains(where: { $0.keys[0] == first }) else {
                throw RecordQueryError("no column \(name) (the header row names them)")
            }
            return keys.map { Array($0.utf8) }
        }

        /// The instant or the severity `token` says when a time or a level member is ordered
        /// against it: a time (`2026-11-28T10:00`, or relative: `-15m`) against a time member, a
        /// level's name against a level member.
        func ordered(_ token: Token, keys: [[UInt8]]) -> Literal? {
            var text = token.text
            if token.isQuoted {
                guard case .string(let decoded)? = try? JSONParser.parse(Array(text.utf8)) else { return nil }
                text = decoded
            }
            guard keys.count == 1, let key = keys.first.map({ String(decoding: $0, as: UTF8.self) }) else { return nil }
            if LogTime.fieldNames.contains(key) {
                if !token.isQuoted, let time = LogTime.relative(text, now: now) { return .time(time) }
                if let time = Array(text.utf8).withUnsafeBytes({ LogTime.microseconds(ofText: $0) }) { return .time(time) }
            }
            if LogLevel.fieldNames.contains(key), let level = LogLevel(name: text) { return .level(level) }
            return nil
        }

        /// The value `token` writes, for `comparison`.
        func literal(_ token: Token, for comparison: Operator, keys: [[UInt8]] = []) throws(RecordQueryError) -> Literal {
            var text = token.text
            if [.less, .lessOrEqual, .greater, .greaterOrEqual].contains(comparison), let ordered = ordered(token, keys: keys) {
                return ordered
            }
            if token.isQuoted {
                guard case .string(let decoded)? = try? JSONParser.parse(Array(text.utf8)) else {
                    throw RecordQueryError("\(text) is no JSON string")
                }
                text = decoded
            }
            if comparison == .matches || comparison == .matchesIgnoringCase {
                do {
                    return .pattern(
                        comparison == .matches ? try RegexPattern(text) : try RegexPattern(text, ignoringCase: true))
                } catch {
                    throw RecordQueryError("bad pattern: \(error)")
                }
            }
            guard !token.isQuoted else { return .string(Array(text.utf8)) }
            switch text {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            case "null": return .null
            default:
                switch try? JSONParser.parse(Array(text.utf8)) {
                case .number(let number)?:
                    if let value = Double(number) {
                        return .number(value, written: MemberValue.keepsWritten(value) ? Array(number.utf8) : nil)
                    }
                case .array?, .object?:
                    // (It would match nothing: a member is compared as a scalar.)
                    throw RecordQueryError("\(text): a value to compare is a string, a number, true, false or null, not an array or an object")
                default:
                    break
                }
                return .string(Array(text.utf8))
            }
        }
    }
}

/// Why a `:where` expression could not be read.
public struct RecordQueryError: Error, Equatable, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// A query matched on the other thread of a `PairedWalk`: its own copy (its patterns' match data
/// are its own), used by one thread at a time — a step hands it over and waits for it back.
final class OtherThreadQuery: @unchecked Sendable {
    let query: RecordQuery
    init(query: RecordQuery) { self.query = query }
}
