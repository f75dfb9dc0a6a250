/// Malformed JSON: where (1-based line and column, in characters) and what was expected.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String

    public init(line: Int, column: Int, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    /// `LINE:COLUMN: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
