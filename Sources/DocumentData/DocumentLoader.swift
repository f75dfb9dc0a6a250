/// Loads stack documents from files or bytes and checks them against the format.
public enum DocumentLoader {
    /// Reads and validates the document at `path` (`-` for standard input).
    /// - Throws: ``DocumentError`` whose description is the one-line message to print.
    public static func load(path: String) throws(DocumentError) -> StackDocument {
        let bytes = try FileBytes.read(path: path)
        return try decode(bytes, file: path)
    }

    /// Waits for the input in `spool` to end, then reads it whole.
    /// - Throws: ``DocumentError``, the spool's own first (input that is not JSON is refused at
    ///   its first wrong byte, without waiting for an end that may never come).
    public static func load(spool: InputSpool) throws(DocumentError) -> StackDocument {
        spool.wait { _ in false }
        if let failure = spool.failure { throw failure }
        try MemoryCheck.reserve(spool.bytesWritten, for: spool.name)
        let bytes = try spool.reader().bytes(at: 0, length: spool.bytesWritten) ?? []
        return try decode(bytes, file: spool.name)
    }

    /// Parses a stack document and checks it against the format; `file` names it in error
    /// messages. Any other JSON is not one: it browses as a tree (``JSONTree``).
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
        guard case .object(let members) = json, members.contains(where: { $0.key == "sections" }) else {
            throw .schema(file: file, path: "", message: "not a stack document (no sections): any other JSON browses as a tree")
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
