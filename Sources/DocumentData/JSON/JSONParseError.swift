/// Malformed JSON: where (1-based line and column, in characters) and what was expected.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The 1-based line of the error.
    public var line: Int
    /// The 1-based column of the error, in characters.
    public var column: Int
    /// What was expected there.
    public var message: String

    /// An error at `line`:`column` saying `message`.
    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `LINE:COLUMN: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
