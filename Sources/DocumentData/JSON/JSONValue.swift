/// A parsed JSON value. Objects keep their members in document order.
public indirect enum JSONValue: Equatable, Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, kept as written so nothing is lost (`1e999999` stays a valid lexeme).
    case number(String)
    /// A string, its escapes decoded.
    case string(String)
    /// An array's elements, in order.
    case array([JSONValue])
    /// An object's members, in order (a key may repeat).
    case object([JSONMember])

    /// The value of the first member named `key`, when this is an object.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.key == key }?.value
    }

    /// A short name for the value's type, for error messages.
    public var typeName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }
}

/// One member of a JSON object.
public struct JSONMember: Equatable, Sendable {
    /// The member's key.
    public var key: String
    /// The member's value.
    public var value: JSONValue

    /// The member `key`: `value`.
    public init(key: String, value: JSONValue) {
        self.key = key
        self.value = value
    }
}
