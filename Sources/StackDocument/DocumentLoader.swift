/// Loads stack documents from files or bytes and checks them against the format.
public enum DocumentLoader {
    /// Reads and validates the document at `path` (`-` for standard input).
    /// - Throws: ``DocumentError`` whose description is the one-line message to print.
    public static func load(path: String) throws(DocumentError) -> StackDocument {
        let jsonLines = path.hasSuffix(".jsonl") || path.hasSuffix(".ndjson")
        let bytes = try FileBytes.read(path: path, jsonLines: jsonLines)
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

    /// Parses a document; `file` names it in error messages. A stack document (an object with
    /// `sections`) is checked against the format; any other JSON is shown through the generic
    /// mapping; JSON Lines (by name: `.jsonl`, `.ndjson`; or by content: several lines that are
    /// each a JSON value) become one item per line, a bad line an error row naming its number.
    /// - Throws: ``DocumentError``.
    public static func decode(_ bytes: [UInt8], file: String) throws(DocumentError) -> StackDocument {
        if bytes.allSatisfy({ [0x20, 0x09, 0x0A, 0x0D].contains($0) }) {
            throw .malformed(file: file, JSONParseError(line: 1, column: 1, message: "empty file, expected a JSON document"))
        }
        let title = file.split(separator: "/").last.map(String.init) ?? file
        if file.hasSuffix(".jsonl") || file.hasSuffix(".ndjson") {
            return GenericMapping.document(forLines: JSONLines.values(in: bytes), title: title)
        }
        let json: JSONValue
        do {
            json = try JSONParser.parse(bytes)
        } catch {
            if JSONLines.looksLikeJSONLines(bytes) {
                return GenericMapping.document(forLines: JSONLines.values(in: bytes), title: title)
            }
            throw .malformed(file: file, error)
        }
        guard case .object(let members) = json, members.contains(where: { $0.key == "sections" }) else {
            return GenericMapping.document(for: json, title: title)
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
