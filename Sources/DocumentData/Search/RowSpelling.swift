/// JSON text with every string escape spelled as a row spells it (`JSONString.escaped`): a
/// `\u00e9` is `é`, a `\/` is `/`, a `\u000a` and a `\b` are `\n` and `\u0008`, a raw U+202E is
/// `\u202e`. What rows show of a key or a value is then a run of the result, so the literal a
/// pattern requires (`RequiredText`) is found in the file's bytes without decoding a row.
///
/// Offsets in the result map back to the file's (``fileOffset(of:)``): a match is looked up in
/// the row holding its bytes.
struct RowSpelling {
    /// The text respelled.
    private(set) var bytes: [UInt8] = []
    /// Where the result and the input stop running in step, in order: a respelled sequence
    /// starts at `spelled` in the result and `raw` in the input; after it they run in step from
    /// `spelledEnd` and `rawEnd`.
    private var changes: [(spelled: Int, raw: Int, spelledEnd: Int, rawEnd: Int)] = []

    /// Bytes that may start a sequence rows spell otherwise: a backslash, a control byte but a
    /// line feed, carriage return or tab (the blanks between JSON's tokens), DEL, and the lead
    /// bytes of the characters rows escape (the C1 controls, U+061C, U+200E–U+202E, U+2066–U+2069).
    private static let mayChange: [Bool] = (0..<256).map { byte in
        byte == 0x5C || (byte < 0x20 && byte != 0x0A && byte != 0x0D && byte != 0x09) || byte == 0x7F
            || byte == 0xC2 || byte == 0xD8 || byte == 0xE2
    }

    /// `raw` respelled; nil when rows spell it as it is (the common case: no escape in it).
    /// Runs between the bytes that may change are copied whole, found with a table lookup a
    /// byte: a window of megabytes with an escape every few hundred kilobytes is respelled at
    /// about the speed of a copy.
    init?(_ raw: UnsafeRawBufferPointer) {
        var index = 0
        var copied = 0
        var changed = false
        Self.mayChange.withUnsafeBufferPointer { table in
            while index < raw.count {
                let byte = raw[index]
                guard table[Int(byte)] else {
                    index += 1
                    continue
                }
                let start = index
                var replacement: [UInt8]?
                if byte == UInt8(ascii: "\\"), index + 1 < raw.count {
                    (replacement, index) = Self.respellEscape(raw, at: index)
                } else if byte >= 0x80 {
                    guard let (scalar, length) = Self.decode(raw, at: index) else {
                        index += 1
                        continue
                    }
                    index += length
                    if JSONString.isEscaped(scalar) { replacement = Self.spelling(of: scalar) }
                } else if byte != UInt8(ascii: "\\") {
                    replacement = Self.spelling(of: Unicode.Scalar(byte))
                    index += 1
                } else {
                    index += 1
                }
                guard let replacement, !replacement.elementsEqual(raw[start..<index]) else { continue }
                if !changed {
                    changed = true
                    bytes.reserveCapacity(raw.count + 64)
                }
                bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[copied..<start]))
                changes.append((bytes.count, start, bytes.count + replacement.count, index))
                bytes.append(contentsOf: replacement)
                copied = index
            }
        }
        guard changed else { return nil }
        bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: raw[copied...]))
    }

    /// The input's offset of the result's `offset`: inside a respelled sequence, the sequence's start.
    func fileOffset(of offset: Int) -> Int {
        let change = changes.partitioningIndex { $0.spelled > offset } - 1
        guard change >= 0 else { return offset }
        let found = changes[change]
        return offset < found.spelledEnd ? found.raw : found.rawEnd + (offset - found.spelledEnd)
    }

    /// The escape at `index` respelled, and the index after it (nil: spelled as it is).
    private static func respellEscape(_ raw: UnsafeRawBufferPointer, at index: Int) -> ([UInt8]?, Int) {
        let escaped = raw[index + 1]
        switch escaped {
        case UInt8(ascii: "/"): return ([escaped], index + 2)
        case UInt8(ascii: "b"): return (spelling(of: "\u{08}"), index + 2)
        case UInt8(ascii: "f"): return (spelling(of: "\u{0C}"), index + 2)
        case UInt8(ascii: "u"):
            guard let high = JSONUnescaping.hex4(raw, at: index + 2) else { return (nil, index + 2) }
            var scalarValue = high
            var next = index + 6
            if (0xD800..<0xDC00).contains(high), next + 6 <= raw.count, raw[next] == UInt8(ascii: "\\"),
                raw[next + 1] == UInt8(ascii: "u"), let low = JSONUnescaping.hex4(raw, at: next + 2), (0xDC00..<0xE000).contains(low) {
                scalarValue = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
                next += 6
            }
            // (A lone surrogate is shown as U+FFFD, as the parser decodes it.)
            return (spelling(of: Unicode.Scalar(scalarValue) ?? "\u{FFFD}"), next)
        default:
            // `\"` `\\` `\n` `\t` `\r`, and anything else, as written.
            return (nil, index + 2)
        }
    }

    /// `scalar` as a row spells it inside a string.
    private static func spelling(of scalar: Unicode.Scalar) -> [UInt8] {
        switch scalar {
        case "\"": Array("\\\"".utf8)
        case "\\": Array("\\\\".utf8)
        default: Array(JSONString.escaped(String(scalar), quotes: false).utf8)
        }
    }

    /// The scalar a UTF-8 sequence at `index` encodes and its length; nil when it is not valid.
    private static func decode(_ raw: UnsafeRawBufferPointer, at index: Int) -> (Unicode.Scalar, Int)? {
        var iterator = raw[index..<min(raw.count, index + 4)].makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, UTF8.width(scalar))
    }
}
