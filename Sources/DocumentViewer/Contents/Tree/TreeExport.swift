import DocumentData

/// The plain-text form of a tree (`browse` with its output not a terminal): the document as
/// valid JSON indented two spaces a level, one member or element a line, read through in chunks
/// (memory stays flat whatever the size). Strings are copied as they are in the file.
///
/// It never writes invalid JSON: the whole file is checked against JSON's grammar first
/// (`JSONInputCheck`, a pass at memory speed that builds nothing), and a malformed file is an
/// error naming its line and column, with nothing written. A line of JSON Lines that is not JSON
/// is written as a string of its text.
public enum TreeExport {
    /// Writes `tree` a line at a time to `emit`.
    /// - Throws: `DocumentError.malformed` where the file stops being JSON (nothing was
    ///   written), or `DocumentError.unreadable` when its input failed.
    public static func write(_ tree: JSONTree, emit: (String) -> Void) throws(DocumentError) {
        if let failure = tree.scanFailure ?? tree.inputFailure { throw failure }
        if tree.isJSONLines { return writeLines(tree, emit: emit) }
        try tree.checkGrammar()
        var writer = Writer()
        let chunk = 1 << 20
        // (A byte order mark before the document is not part of it.)
        var offset = tree.bytes(in: 0..<3) == JSONParser.byteOrderMark ? 3 : 0
        while offset < tree.size {
            let bytes = tree.bytes(in: offset..<min(tree.size, offset + chunk))
            guard !bytes.isEmpty else { break }
            for byte in bytes { writer.take(byte, emit: emit) }
            offset += bytes.count
        }
        writer.finish(emit: emit)
    }

    /// JSON Lines as the array of its lines; a line that is not JSON as a string of its text
    /// (the export stays valid JSON, and nothing is lost).
    private static func writeLines(_ tree: JSONTree, emit: (String) -> Void) {
        emit("[")
        guard let root = tree.root else { return emit("]") }
        for index in 0..<root.count {
            var bytes = tree.bytes(in: tree.valueRange(ofChild: index, in: root))
            if (try? JSONParser.parse(bytes)) == nil {
                bytes = Array(JSONString.literal(String(decoding: bytes, as: UTF8.self)).utf8)
            }
            var writer = Writer(line: [0x20, 0x20], depth: 1)
            var lines: [String] = []
            for byte in bytes { writer.take(byte) { lines.append($0) } }
            writer.finish { lines.append($0) }
            if index + 1 < root.count, !lines.isEmpty { lines[lines.count - 1] += "," }
            lines.forEach(emit)
        }
        emit("]")
    }

    /// One value's JSON (valid, as a node's bytes are) indented two spaces a level, or on one
    /// line with a space after each comma and colon: what `yy` and `yv` copy.
    static func format(_ bytes: [UInt8], oneLine: Bool) -> String {
        var writer = Writer(oneLine: oneLine)
        var lines: [String] = []
        for byte in bytes { writer.take(byte) { lines.append($0) } }
        writer.finish { lines.append($0) }
        return lines.joined(separator: "\n")
    }

    /// Re-indents JSON a byte at a time.
    private struct Writer {
        var line: [UInt8] = []
        var depth = 0
        /// Everything on one line: a newline is a space after a comma, else nothing.
        var oneLine = false
        var insideString = false
        var escaped = false
        /// A bracket just opened: its newline waits to see whether the container is empty.
        var justOpened = false

        mutating func take(_ byte: UInt8, emit: (String) -> Void) {
            if insideString {
                line.append(byte)
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    insideString = false
                }
                return
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                return
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if justOpened {
                    justOpened = false
                } else {
                    newline(emit)
                }
                line.append(byte)
                return
            default:
                break
            }
            if justOpened {
                justOpened = false
                newline(emit)
            }
            line.append(byte)
            switch byte {
            case UInt8(ascii: "\""): insideString = true
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                justOpened = true
            case UInt8(ascii: ","): newline(emit)
            case UInt8(ascii: ":"): line.append(0x20)
            default: break
            }
        }

        /// Ends the line and starts the next at the depth's indentation.
        mutating func newline(_ emit: (String) -> Void) {
            if oneLine {
                if line.last == UInt8(ascii: ",") { line.append(0x20) }
                return
            }
            emit(String(decoding: line, as: UTF8.self))
            line = Array(repeating: 0x20, count: 2 * max(0, depth))
        }

        func finish(emit: (String) -> Void) {
            if !line.allSatisfy({ $0 == 0x20 }) { emit(String(decoding: line, as: UTF8.self)) }
        }
    }
}
