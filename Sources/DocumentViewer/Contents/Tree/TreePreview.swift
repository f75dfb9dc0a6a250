import DocumentData
import TerminalUI

/// The one-line preview of a closed container, as jless shows one: its first members or elements
/// compacted — `{ts: "10:00", level: "info", ctx: {…}, …}`, `["a", "b"]` — nested containers as
/// `{…}` and `[…]`, cut with `…` where it would pass `width` columns. Read from the container's
/// first bytes only; strings stay as written (escapes included), then made inert.
enum TreePreview {
    /// The preview of the container of `count` children whose JSON text starts `bytes` (its
    /// first bytes are enough: what is past `width` is never shown), at most `width` columns; nil
    /// when not even `{…}` fits. It ends with `…` only when something is left out.
    static func text(of bytes: [UInt8], count: Int, width: Int) -> String? {
        guard width >= 3, let open = bytes.first, open == UInt8(ascii: "{") || open == UInt8(ascii: "[") else { return nil }
        let isObject = open == UInt8(ascii: "{")
        let close = isObject ? "}" : "]"
        var output = isObject ? "{" : "["
        var index = 1
        var expectingKey = isObject
        var complete = false
        // Children begun so far: once the last has begun and shows whole, nothing is left out.
        var begun = 0
        scan: while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D:
                index += 1
            case UInt8(ascii: "\""):
                if isObject ? expectingKey : true { begun += 1 }
                guard let end = stringEnd(in: bytes, from: index) else { break scan }
                let raw = String(decoding: bytes[index..<end], as: UTF8.self)
                output += expectingKey ? key(raw) : raw
                index = end
            case UInt8(ascii: ":"):
                output += ": "
                expectingKey = false
                index += 1
            case UInt8(ascii: ","):
                output += ", "
                expectingKey = isObject
                index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                if !isObject { begun += 1 }  // (a container is a value of its own: its inside is skipped)
                let end = containerEnd(in: bytes, from: index)
                let empty = end.map { bytes[(index + 1)..<($0 - 1)].allSatisfy { " \t\r\n".utf8.contains($0) } } ?? false
                output += byte == UInt8(ascii: "{") ? (empty ? "{}" : "{…}") : (empty ? "[]" : "[…]")
                guard let end else {
                    // Its end is past the bytes read, but it is shown whole as `{…}`: when it is
                    // the last child, the preview is complete.
                    if begun == count {
                        output += close
                        complete = true
                    }
                    break scan
                }
                index = end
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                output += close
                complete = true
                break scan
            default:
                // A number or a literal: up to the next separator or blank.
                if !isObject { begun += 1 }
                var end = index
                while end < bytes.count, !",:]} \t\r\n".utf8.contains(bytes[end]) { end += 1 }
                output += String(decoding: bytes[index..<end], as: UTF8.self)
                index = end
            }
            if DisplayWidth.of(output) > width { break }
        }
        output = CellText.inert(output)
        if complete, DisplayWidth.of(output) <= width { return output }
        // Cut so that `…` and the closing bracket fit.
        var cut = ""
        for character in output {
            if DisplayWidth.of(cut + String(character)) > width - 2 { break }
            cut.append(character)
        }
        while cut.hasSuffix(" ") || cut.hasSuffix(",") { cut.removeLast() }
        return cut + "…" + close
    }

    /// A key as the tree shows keys: bare when it is an identifier, else as written.
    private static func key(_ raw: String) -> String {
        let inner = String(raw.dropFirst().dropLast())
        return JSONPath.isIdentifier(inner) ? inner : raw
    }

    /// The index after the string whose opening quote is at `start`, or nil when the bytes end first.
    private static func stringEnd(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { JSONBytes.stringEnd($0, start) }
    }

    /// The index after the container that starts at `start`, or nil when the bytes end first.
    private static func containerEnd(in bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { JSONBytes.valueEnd($0, start) }
    }
}
