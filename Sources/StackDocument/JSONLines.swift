/// JSON Lines (`.jsonl`, `.ndjson`): one JSON value per line.
enum JSONLines {
    /// Each non-blank line parsed on its own, with its 1-based line number.
    /// - Complexity: O(n).
    static func values(in bytes: [UInt8]) -> [(number: Int, value: Result<JSONValue, JSONParseError>)] {
        var result: [(Int, Result<JSONValue, JSONParseError>)] = []
        for (index, line) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            guard line.contains(where: { ![0x20, 0x09, 0x0D].contains($0) }) else { continue }
            do {
                result.append((index + 1, .success(try JSONParser.parse(Array(line)))))
            } catch {
                result.append((index + 1, .failure(error)))
            }
        }
        return result
    }

    /// Whether `bytes` that are not one JSON document read as JSON Lines: at least two non-blank
    /// lines, and the first two each a whole JSON value.
    static func looksLikeJSONLines(_ bytes: [UInt8]) -> Bool {
        let lines = bytes.split(separator: 0x0A).filter { $0.contains { ![0x20, 0x09, 0x0D].contains($0) } }
        guard lines.count >= 2 else { return false }
        return lines.prefix(2).allSatisfy { (try? JSONParser.parse(Array($0))) != nil }
    }
}
