import DocumentData

/// The plain-text form of a tree (`browse` with its output not a terminal): the document as
/// valid JSON indented two spaces a level, one member or element a line, read through in chunks
/// (memory stays flat whatever the size). Strings are copied as they are in the file.
///
/// It never writes invalid JSON: the whole file is checked against JSON's grammar first
/// (`JSONInputCheck`, a pass at memory speed that builds nothing), and a malformed file is an
/// error naming its line and column, with nothing written. A line of JSON Lines that is not JSON
/// is written as a string of its text. A chunk of the file (or a batch of lines) a step.
struct TreeExport: ExportWriting {
    private let tree: JSONTree
    private var phase = Phase.check
    private var writer = Writer()

    private enum Phase {
        /// The input's failure, and its grammar, checked before anything is written.
        case check
        /// The file's bytes from this offset, a chunk a step.
        case bytes(offset: Int)
        /// JSON Lines from this line, a batch of lines a step.
        case lines(index: Int)
        case done
    }

    /// Bytes of the file a step.
    private static let chunk = 1 << 20
    /// Lines of JSON Lines a step.
    private static let lineBatch = 4096

    /// The export of `tree`.
    init(_ tree: JSONTree) { self.tree = tree }

    /// Writes `tree` a line at a time to `emit`, all at once (what `yy` copies of the root of
    /// JSON Lines).
    /// - Throws: `DocumentError.malformed` where the file stops being JSON (nothing was
    ///   written), or `DocumentError.unreadable` when its input failed.
    static func write(_ tree: JSONTree, emit: @escaping (String) -> Void) throws(DocumentError) {
        let sink = ExportSink(emit: emit)
        var export = TreeExport(tree)
        export.writeAll(to: sink)
        if case .input(let error)? = sink.failure { throw error }
    }

    var fraction: Double {
        switch phase {
        case .check: return 0
        case .bytes(let offset): return tree.size > 0 ? Double(offset) / Double(tree.size) : 1
        case .lines(let index): return Double(index) / Double(max(1, tree.root?.count ?? 1))
        case .done: return 1
        }
    }

    mutating func write(to sink: ExportSink) -> Bool {
        switch phase {
        case .check:
            guard sink.accepts(tree) else { return false }
            if sink.wantsRecords {
                sink.failure = .noRecords(tree.name)
                return false
            }
            if tree.isJSONLines {
                sink.emit("[")
                phase = .lines(index: 0)
            } else {
                // (A byte order mark before the document is not part of it.)
                phase = .bytes(offset: tree.bytes(in: 0..<3) == JSONParser.byteOrderMark ? 3 : 0)
            }
            return true
        case .bytes(let offset):
            guard offset < tree.size else {
                writer.finish(emit: sink.emit)
                phase = .done
                return false
            }
            let bytes = tree.bytes(in: offset..<min(tree.size, offset + Self.chunk))
            guard !bytes.isEmpty else {
                // The file shrank under the export (or a read failed): what was written is not it.
                sink.failure = .input(.unreadable(file: tree.name, reason: "the file changed while it was written"))
                phase = .done
                return false
            }
            for byte in bytes { writer.take(byte, emit: sink.emit) }
            phase = .bytes(offset: offset + bytes.count)
            return true
        case .lines(let index):
            let count = tree.root?.count ?? 0
            let end = min(count, index + Self.lineBatch)
            if let root = tree.root, end > index, tree.endsBefore(tree.valueRange(ofChild: end - 1, in: root).upperBound) {
                sink.failure = .input(.unreadable(file: tree.name, reason: "the file changed while it was written"))
                phase = .done
                return false
            }
            for line in index..<end { writeLine(line, of: count, to: sink.emit) }
            guard end < count else {
                sink.emit("]")
                phase = .done
                return false
            }
            phase = .lines(index: end)
            return true
        case .done:
            return false
        }
    }

    /// A line of JSON Lines as an element of the array of its lines; a line that is not JSON as a
    /// string of its text (the export stays valid JSON, and nothing is lost).
    private func writeLine(_ index: Int, of count: Int, to emit: (String) -> Void) {
        guard let root = tree.root else { return }
        var bytes = tree.bytes(in: tree.valueRange(ofChild: index, in: root))
        if (try? JSONParser.parse(bytes)) == nil {
            bytes = Array(JSONString.literal(String(decoding: bytes, as: UTF8.self)).utf8)
        }
        var writer = Writer(line: [0x20, 0x20], depth: 1)
        var lines: [String] = []
        for byte in bytes { writer.take(byte) { lines.append($0) } }
        writer.finish { lines.append($0) }
        if index + 1 < count, !lines.isEmpty { lines[lines.count - 1] += "," }
        lines.forEach(emit)
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
