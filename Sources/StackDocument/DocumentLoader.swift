/// Loads stack documents from files or bytes and checks them against the format.
public enum DocumentLoader {
    /// Reads and validates the document at `path` (`-` for standard input).
    /// - Throws: ``DocumentError`` whose description is the one-line message to print.
    public static func load(path: String) throws(DocumentError) -> StackDocument {
        let bytes = try FileBytes.read(path: path)
        return try decode(bytes, file: path)
    }

    /// Parses and validates a document; `file` names it in error messages.
    /// - Throws: ``DocumentError``.
    public static func decode(_ bytes: [UInt8], file: String) throws(DocumentError) -> StackDocument {
        if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            throw .malformed(file: file, JSONParseError(line: 1, column: 1, message: "empty file, expected a JSON document"))
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            throw .malformed(file: file, error)
        }
        do {
            return try SchemaReader(file: file).document(from: json)
        } catch let error as DocumentError {
            throw error
        } catch {
            throw .schema(file: file, path: "", message: "\(error)")
        }
    }
}
