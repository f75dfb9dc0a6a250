import CPCRE2

/// A regular expression in the Perl-compatible syntax `less`, ripgrep and jless accept (`\d`,
/// `\w`, `\b`, alternation, counted repeats), matched by PCRE2 compiled to machine code by its
/// JIT, on UTF-8 (invalid bytes never match, and never fail a match).
///
/// Smart case, as in `less -i` and ripgrep: the pattern ignores case unless it has an upper-case
/// letter of its own — one after a backslash (`\W`, `\S`, `\p{Lu}`) does not count.
///
/// `^` and `$` match at the start and end of a line, as in `less` and `grep`.
///
/// Every match is bounded: a pattern that backtracks too much (`(a+)+$` on a long run of `a`s)
/// stops at PCRE2's match and depth limits within milliseconds, never counts as a match, and
/// sets ``exceededLimits`` so the search or filter using it stops and says why.
///
/// Not `Sendable`: it keeps one match buffer and is used from one thread.
public final class RegexPattern {
    /// The pattern as typed.
    public let source: String
    /// Whether case is ignored (the pattern has no upper-case letter of its own).
    public let ignoresCase: Bool
    /// Whether a match in a field's decoded text is always also a match in the field's raw JSON
    /// bytes: true unless the pattern has an anchor or a lookaround, which see where a field
    /// starts and ends (raw bytes go on with a quote and the next field).
    public let survivesRawBytes: Bool
    /// Whether a match stopped at PCRE2's limits (the pattern backtracks too much for the text):
    /// that match counted as none, so an answer given since is not to be trusted. It stays set
    /// until ``forgetExceededLimits()`` (a new search or filter with the pattern).
    public private(set) var exceededLimits = false
    /// The literal every match requires, as a pattern that ignores case as this one does; nil
    /// when the pattern names none (`RequiredText`). Made once, when a search of rows first
    /// asks (`RowMatcher`).
    lazy var requiredLiteral: RegexPattern? = RequiredText.longestPiece(of: source).flatMap {
        try? RegexPattern(RequiredText.escaped($0), ignoringCase: ignoresCase)
    }
    /// Whether every match is a run of a key's or a value's characters
    /// (`RequiredText.staysInOneToken(_:)`): the pattern itself finds rows in the file's bytes.
    lazy var staysInOneToken = RequiredText.staysInOneToken(source)
    /// Every literal a match requires (`RequiredText.pieces(of:)`), as patterns.
    lazy var requiredPieces: [RegexPattern] = RequiredText.pieces(of: source).compactMap {
        try? RegexPattern(RequiredText.escaped($0), ignoringCase: ignoresCase)
    }
    private let code: OpaquePointer
    private let matchData: OpaquePointer
    private let context: OpaquePointer

    /// The most backtracking steps one match may take: about 10–30 ms of PCRE2's JIT. An
    /// ordinary search through a window of megabytes takes a small fraction of it.
    public static let matchLimit: UInt32 = 5_000_000
    /// The most nested backtracking one match may keep (PCRE2's interpreter; the JIT's stack is
    /// bounded by the match limit).
    public static let depthLimit: UInt32 = 10_000
    /// Where an empty text is matched from.
    nonisolated(unsafe) private static let emptyText = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
    /// What a message says when ``exceededLimits``.
    public static let tooComplexMessage = "pattern too complex: it backtracks too much for this text"

    /// Compiles `pattern`; `exactCase` turns smart case off (a pattern made by the program, not
    /// typed).
    /// - Throws: ``PatternError`` with PCRE2's message and where in the pattern it applies.
    public convenience init(_ pattern: String, exactCase: Bool = false) throws(PatternError) {
        try self.init(pattern, ignoringCase: !exactCase && !Self.hasOwnUpperCase(pattern))
    }

    /// Compiles `pattern`, ignoring case or not as told (a pattern made from another, which
    /// matches as that one does).
    init(_ pattern: String, ignoringCase: Bool) throws(PatternError) {
        source = pattern
        ignoresCase = ignoringCase
        survivesRawBytes = !Self.seesFieldEdges(pattern)
        var options = PCRE2_UTF | PCRE2_MATCH_INVALID_UTF | PCRE2_MULTILINE
        if ignoresCase { options |= PCRE2_CASELESS }
        var error: Int32 = 0
        var offset = 0
        let compiled = Array(pattern.utf8).withUnsafeBufferPointer { bytes in
            pcre2_compile_8(bytes.baseAddress, bytes.count, options, &error, &offset, nil)
        }
        guard let compiled else { throw PatternError(message: Self.message(for: error), offset: offset) }
        guard let data = pcre2_match_data_create_from_pattern_8(compiled, nil),
            let context = pcre2_match_context_create_8(nil) else {
            pcre2_code_free_8(compiled)
            throw PatternError(message: "out of memory", offset: 0)
        }
        pcre2_set_match_limit_8(context, Self.matchLimit)
        pcre2_set_depth_limit_8(context, Self.depthLimit)
        // Without the JIT (an unusual build) the interpreter matches the same, only slower.
        _ = pcre2_jit_compile_8(compiled, PCRE2_JIT_COMPLETE)
        code = compiled
        matchData = data
        self.context = context
    }

    /// Starts a new answer: a search or filter begins that has not hit the limits yet.
    public func forgetExceededLimits() { exceededLimits = false }

    deinit {
        pcre2_match_context_free_8(context)
        pcre2_match_data_free_8(matchData)
        pcre2_code_free_8(code)
    }

    /// The first match in `bytes` starting at or after `offset`, as a byte range. A match the
    /// engine could not finish (a pattern that backtracks too much) is none, and sets
    /// ``exceededLimits``.
    ///
    /// `bytes` may be a window of a longer text: `startsLine` says whether its first byte starts a
    /// line of that text (else `^` does not match there), `endsLine` whether its end ends one
    /// (else `$` does not match there).
    public func firstMatch(
        in bytes: UnsafeRawBufferPointer, from offset: Int, startsLine: Bool = true, endsLine: Bool = true
    ) -> Range<Int>? {
        firstMatch(in: bytes, from: offset, startsLine: startsLine, endsLine: endsLine, recordingLimits: true)
    }

    /// ``firstMatch(in:from:startsLine:endsLine:)``, setting ``exceededLimits`` or not.
    private func firstMatch(
        in bytes: UnsafeRawBufferPointer, from offset: Int, startsLine: Bool, endsLine: Bool, recordingLimits: Bool
    ) -> Range<Int>? {
        guard offset <= bytes.count else { return nil }
        // An empty text may have no address: matched as an empty text all the same (`^$`).
        let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? UnsafePointer(Self.emptyText)
        var options: UInt32 = 0
        if !startsLine { options |= PCRE2_NOTBOL }
        if !endsLine { options |= PCRE2_NOTEOL }
        let result = pcre2_match_8(code, base, bytes.count, offset, options, matchData, context)
        if result == PCRE2_ERROR_NOMATCH { return nil }
        guard result >= 0 else {
            // The match and depth limits, or the heap: no answer, which is never a match.
            if recordingLimits { exceededLimits = true }
            return nil
        }
        let vector = pcre2_get_ovector_pointer_8(matchData)!
        return vector[0]..<max(vector[0], vector[1])
    }

    /// Whether `text` has a match.
    public func matches(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { firstMatch(in: UnsafeRawBufferPointer($0), from: 0) } != nil
    }

    /// The byte ranges of the matches in `bytes`, left to right, not overlapping; empty matches
    /// are left out unless `includingEmpty` (there is nothing to show of them). `startsLine` and
    /// `endsLine` as in ``firstMatch(in:from:startsLine:endsLine:)``. For showing matches: a
    /// match past the limits is left out without setting ``exceededLimits`` (highlighting a line
    /// never stops the search that uses the pattern).
    public func matchRanges(
        in bytes: UnsafeRawBufferPointer, includingEmpty: Bool = false, startsLine: Bool = true, endsLine: Bool = true
    ) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var offset = 0
        while offset <= bytes.count,
            let range = firstMatch(
                in: bytes, from: offset, startsLine: startsLine, endsLine: endsLine, recordingLimits: false) {
            if range.isEmpty {
                if includingEmpty { ranges.append(range) }
                offset = range.lowerBound + 1
            } else {
                ranges.append(range)
                offset = range.upperBound
            }
        }
        return ranges
    }

    /// Whether `pattern` has an upper-case letter that is not part of an escape.
    static func hasOwnUpperCase(_ pattern: String) -> Bool {
        var characters = pattern.makeIterator()
        while let character = characters.next() {
            if character == "\\" {
                // `\p{Lu}`, `\P{Lu}`: the property's name is not the pattern's text either.
                if let escaped = characters.next(), escaped == "p" || escaped == "P" {
                    while let inner = characters.next(), inner != "}" {}
                }
            } else if character.isUppercase {
                return true
            }
        }
        return false
    }

    /// Whether `pattern` has an anchor (`^` `$` `\A` `\z` `\Z` `\G`) or a lookaround outside a
    /// character class: they match differently in a field's text and in its raw JSON.
    static func seesFieldEdges(_ pattern: String) -> Bool {
        let scalars = Array(pattern.unicodeScalars)
        var inClass = false
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\\" {
                if index + 1 < scalars.count, !inClass, "AzZG".unicodeScalars.contains(scalars[index + 1]) { return true }
                index += 2
                continue
            }
            if inClass {
                if scalar == "]" { inClass = false }
            } else if scalar == "[" {
                inClass = true
                // `[]…]` and `[^]…]`: a first `]` is a member, not the end.
                if index + 1 < scalars.count, scalars[index + 1] == "^" { index += 1 }
                if index + 1 < scalars.count, scalars[index + 1] == "]" { index += 1 }
            } else if scalar == "^" || scalar == "$" {
                return true
            } else if scalar == "(", index + 2 < scalars.count, scalars[index + 1] == "?",
                "=!<".unicodeScalars.contains(scalars[index + 2]) || scalars[index + 1] == "*" {
                return true
            } else if scalar == "(", index + 1 < scalars.count, scalars[index + 1] == "*" {
                return true
            }
            index += 1
        }
        return false
    }

    private static func message(for error: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(error, &buffer, buffer.count)
        guard length > 0 else { return "not a valid pattern" }
        return String(decoding: buffer[..<Int(length)], as: UTF8.self)
    }
}

/// Why a pattern could not be compiled: PCRE2's message, and the offset in the pattern.
public struct PatternError: Error, Equatable, CustomStringConvertible {
    /// PCRE2's message.
    public var message: String
    /// Where in the pattern (in bytes) the problem was found.
    public var offset: Int

    /// The message and the 1-based position in the pattern.
    public var description: String { "\(message) (at \(offset + 1))" }
}
