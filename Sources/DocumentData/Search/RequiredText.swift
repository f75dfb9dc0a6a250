/// The literal text every match of a regular expression must contain, read from the pattern:
/// what lets a search over rows (`RowText`) look in the file's bytes first and build the text
/// of only the rows whose bytes hold it.
///
/// Conservative by construction: a pattern it cannot read (alternation, inline options, `\Q`,
/// escapes that take arguments) gives what it read before that point, or nothing; text under a
/// `?`, `*` or `{0,…}` is never required. The result is split where a row's text and the file's
/// bytes differ — at `:`, blanks, quotes and backslashes (a key's quotes, `": "`, escapes) — so each
/// piece is a run of one key's or one value's text, which the file holds as written once
/// escapes are spelled as rows spell them (`RowSpelling`).
enum RequiredText {
    /// The longest piece every match contains (the last of equal ones: in `key: "value"` the
    /// value, rarer than its key), or nil when the pattern names none.
    static func longestPiece(of pattern: String) -> String? {
        pieces(of: pattern).reversed().max { $0.utf8.count < $1.utf8.count }
    }

    /// Runs of literal text every match of `pattern` contains, split where rows and bytes differ.
    static func pieces(of pattern: String) -> [String] {
        let scalars = Array(pattern.unicodeScalars)
        // Quoting (`\Q…\E`), comments and backtracking verbs change what the rest means.
        guard !hasTopLevelAlternation(scalars), !readsOtherwise(pattern) else { return [] }
        var runs: [[Unicode.Scalar]] = []
        var run: [Unicode.Scalar] = []
        /// Whether the last atom was the last scalar of `run` (a quantifier after it applies to it).
        var lastIsLiteral = false
        func endRun() {
            if !run.isEmpty { runs.append(run) }
            run = []
            lastIsLiteral = false
        }
        var index = 0
        parsing: while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\\":
                guard index + 1 < scalars.count else { break parsing }
                let escaped = scalars[index + 1]
                if escaped.properties.isAlphabetic || ("0"..."9").contains(escaped) {
                    // A class (`\d`), an anchor (`\b`) or a character escape (`\t`): not literal.
                    // One that takes more characters (`\x41`, `\p{L}`, `\Q…\E`): stop reading.
                    guard "dDwWsSbBhHvVRAzZGtnrfea".unicodeScalars.contains(escaped) else { break parsing }
                    endRun()
                } else {
                    run.append(escaped)
                    lastIsLiteral = true
                }
                index += 2
            case "[":
                endRun()
                index = endOfClass(scalars, from: index)
            case "(":
                // Inline options change how what follows matches (`(?i)`): stop reading.
                if index + 2 < scalars.count, scalars[index + 1] == "?", !":=!<>|".unicodeScalars.contains(scalars[index + 2]) {
                    break parsing
                }
                endRun()
                index = endOfGroup(scalars, from: index)
            case "?", "*":
                // The atom before is optional.
                if lastIsLiteral { run.removeLast() }
                endRun()
                index = skipQuantifierSuffix(scalars, from: index + 1)
            case "+":
                endRun()
                index = skipQuantifierSuffix(scalars, from: index + 1)
            case "{":
                guard let (minimum, end) = countedRepeat(scalars, from: index) else {
                    // (`{,3}` and `{ 2 }` are repeats in PCRE2 10.43 and later: the atom before
                    // may be optional.)
                    if index + 1 < scalars.count, ", 0123456789".unicodeScalars.contains(scalars[index + 1]),
                        let close = scalars[index...].firstIndex(of: "}") {
                        if lastIsLiteral { run.removeLast() }
                        endRun()
                        index = skipQuantifierSuffix(scalars, from: close + 1)
                        continue
                    }
                    run.append(scalar)
                    lastIsLiteral = true
                    index += 1
                    continue
                }
                if minimum == 0, lastIsLiteral { run.removeLast() }
                endRun()
                index = skipQuantifierSuffix(scalars, from: end)
            case ".", "^", "$", ")", "|":
                endRun()
                index += 1
            default:
                run.append(scalar)
                lastIsLiteral = true
                index += 1
            }
        }
        endRun()
        // A backslash in a row is an escape's (`\t`, `\u202e`): what follows it is the escape's
        // letter, which the file may write otherwise (a raw tab); pieces stop before it.
        let splitters: Set<Unicode.Scalar> = [":", " ", "\"", "\n", "\t", "\r"]
        var pieces: [String] = []
        for run in runs {
            var piece = String.UnicodeScalarView()
            var afterBackslash = false
            for scalar in run {
                let ends = afterBackslash || scalar == "\\" || splitters.contains(scalar)
                afterBackslash = scalar == "\\"
                if ends {
                    if !piece.isEmpty { pieces.append(String(piece)) }
                    piece = String.UnicodeScalarView()
                } else {
                    piece.append(scalar)
                }
            }
            if !piece.isEmpty { pieces.append(String(piece)) }
        }
        return pieces
    }

    /// Whether `|` appears outside every group and class.
    private static func hasTopLevelAlternation(_ scalars: [Unicode.Scalar]) -> Bool {
        var index = 0
        while index < scalars.count {
            switch scalars[index] {
            case "\\": index += 2
            case "[": index = endOfClass(scalars, from: index)
            case "(": index = endOfGroup(scalars, from: index)
            case "|": return true
            default: index += 1
            }
        }
        return false
    }

    /// The index after the class opening at `start` (`[]…]` and `[^]…]` start with a member `]`).
    private static func endOfClass(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var index = start + 1
        if index < scalars.count, scalars[index] == "^" { index += 1 }
        if index < scalars.count, scalars[index] == "]" { index += 1 }
        while index < scalars.count {
            if scalars[index] == "\\" {
                index += 2
                continue
            }
            // `[:alpha:]`, `[.a.]`, `[=a=]` inside a class end at their own `:]`.
            if scalars[index] == "[", index + 1 < scalars.count, ":.=".unicodeScalars.contains(scalars[index + 1]) {
                let mark = scalars[index + 1]
                var end = index + 2
                while end + 1 < scalars.count, !(scalars[end] == mark && scalars[end + 1] == "]") { end += 1 }
                index = end + 2
                continue
            }
            if scalars[index] == "]" { return index + 1 }
            index += 1
        }
        return scalars.count
    }

    /// Whether `pattern` has a construct that makes the rest read otherwise than it looks:
    /// quoting (`\Q…\E`), a comment (`(?#…)`), a backtracking verb (`(*ACCEPT)`).
    private static func readsOtherwise(_ pattern: String) -> Bool {
        pattern.contains("\\Q") || pattern.contains("(?#") || pattern.contains("(*")
    }

    /// The index after the group opening at `start`, nested groups and classes within.
    private static func endOfGroup(_ scalars: [Unicode.Scalar], from start: Int) -> Int {
        var depth = 0
        var index = start
        while index < scalars.count {
            switch scalars[index] {
            case "\\": index += 2
            case "[": index = endOfClass(scalars, from: index)
            case "(":
                depth += 1
                index += 1
            case ")":
                depth -= 1
                index += 1
                if depth == 0 { return index }
            default: index += 1
            }
        }
        return scalars.count
    }

    /// A counted repeat at `start` (`{2}`, `{0,3}`, `{1,}`): its minimum and the index after it;
    /// nil when the brace is a literal one.
    private static func countedRepeat(_ scalars: [Unicode.Scalar], from start: Int) -> (Int, Int)? {
        var index = start + 1
        var digits = ""
        while index < scalars.count, ("0"..."9").contains(scalars[index]) {
            digits.unicodeScalars.append(scalars[index])
            index += 1
        }
        guard let minimum = Int(digits), index < scalars.count else { return nil }
        if scalars[index] == "," {
            index += 1
            while index < scalars.count, ("0"..."9").contains(scalars[index]) { index += 1 }
        }
        guard index < scalars.count, scalars[index] == "}" else { return nil }
        return (minimum, index + 1)
    }

    /// Past a lazy or possessive mark after a quantifier.
    private static func skipQuantifierSuffix(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        index < scalars.count && (scalars[index] == "?" || scalars[index] == "+") ? index + 1 : index
    }

    /// Whether every match of `pattern` is a run of letters, digits and `_ . + -` (and the
    /// empty string is no match): such a match lies inside one key's or one value's text, where
    /// a row writes what the file writes but for escapes — so the pattern itself, run on the
    /// file's bytes, finds every row it matches that has no escape. Read conservatively: only
    /// such characters (plain or escaped), `\d`, `\w`, classes of them, groups, alternation and
    /// quantifiers; anything else (`.`, `\s`, a negated class, an anchor) says no.
    static func staysInOneToken(_ pattern: String) -> Bool {
        guard !readsOtherwise(pattern), !pattern.contains("[:"), !pattern.contains("[."), !pattern.contains("[=") else {
            return false
        }
        let scalars = Array(pattern.unicodeScalars)
        /// Which run of characters a range may span: digits, lower or upper case letters.
        func group(_ scalar: Unicode.Scalar) -> Int? {
            switch scalar {
            case "0"..."9": 0
            case "a"..."z": 1
            case "A"..."Z": 2
            default: nil
            }
        }
        func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "_.+-".unicodeScalars.contains(scalar))
        }
        var index = 0
        var inClass = false
        var consumes = false
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case "\\":
                guard index + 1 < scalars.count else { return false }
                let escaped = scalars[index + 1]
                // (An escaped digit is a back reference or an octal character: `\072` is `:`.)
                guard escaped == "d" || escaped == "w" || (!escaped.properties.isAlphabetic && group(escaped) != 0 && isTokenCharacter(escaped))
                else { return false }
                consumes = consumes || !inClass
                index += 2
                continue
            case "[" where !inClass:
                guard index + 1 < scalars.count, scalars[index + 1] != "^" else { return false }
                inClass = true
            case "]" where inClass:
                inClass = false
                consumes = true
            case "-" where inClass:
                // A range only within digits, or lower or upper case letters (`[0-z]` holds `:`).
                if index > 0, index + 1 < scalars.count, scalars[index + 1] != "]", scalars[index - 1] != "[" {
                    guard let low = group(scalars[index - 1]), low == group(scalars[index + 1]) else { return false }
                }
            case "(":
                // Groups, non-capturing ones too; no lookaround, no option.
                if index + 1 < scalars.count, scalars[index + 1] == "?" {
                    guard index + 2 < scalars.count, scalars[index + 2] == ":" else { return false }
                    index += 3
                    continue
                }
            case ")", "|":
                break
            case "?", "*", "+", ".":
                // (In a class, a member; outside, `.` is any character.)
                guard inClass || scalar != "." else { return false }
                if inClass, scalar != "." && scalar != "+" { return false }
            case "{" where !inClass:
                guard let (_, end) = countedRepeat(scalars, from: index) else { return false }
                index = end
                continue
            default:
                guard isTokenCharacter(scalar) else { return false }
                consumes = consumes || !inClass
            }
            index += 1
        }
        // (A pattern that may match the empty string — `a*` — matches every row.)
        return !inClass && consumes && (try? RegexPattern(pattern).matches("")) == false
    }
}
