/// Why a document could not be loaded. Its description is the one-line message tstack prints.
public enum DocumentError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file could not be read.
    case unreadable(file: String, reason: String)
    /// The bytes are not JSON.
    case malformed(file: String, JSONParseError)
    /// The JSON does not fit the document format; `path` is a JSON path like `sections[3].items[17].id`.
    case schema(file: String, path: String, message: String)

    /// `FILE:LINE:COLUMN: message`, `FILE: PATH: message` or `FILE: reason`.
    public var description: String {
        switch self {
        case let .unreadable(file, reason): return "\(file): \(reason)"
        case let .malformed(file, error): return "\(file):\(error)"
        case let .schema(file, path, message):
            return path.isEmpty ? "\(file): \(message)" : "\(file): \(path): \(message)"
        }
    }
}
