import CJSONIndex
import TestSupport
import Testing

/// The vector first stage of the scan finds the same quotes and brackets as a byte loop, in
/// one piece or cut anywhere (inside an escape, between a backslash and what it escapes).
@Suite struct JSONIndexTests {
    static func positions(_ bytes: [UInt8], cuts: [Int], portable: Bool) -> (positions: [Int], state: tstack_index_state) {
        var state = tstack_index_state(in_string: 0, escaped: 0)
        var found: [Int] = []
        var start = 0
        for end in cuts + [bytes.count] where end >= start {
            var buffer = [UInt32](repeating: 0, count: end - start + Int(TSTACK_INDEX_SLACK))
            let count = bytes[start..<end].withUnsafeBufferPointer { chunk in
                buffer.withUnsafeMutableBufferPointer { out in
                    portable ? tstack_index_json_portable(chunk.baseAddress, chunk.count, &state, out.baseAddress)
                        : tstack_index_json(chunk.baseAddress, chunk.count, &state, out.baseAddress)
                }
            }
            found += buffer.prefix(count).map { start + Int($0) }
            start = end
        }
        return (found, state)
    }

    @Test(arguments: 1...200)
    func theVectorPathAgreesWithTheByteLoop(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        // Beside JSON's own: bytes one bit from a bracket, a comma or a colon (`[` and `{`
        // differ in bit 5 alone, as `Z` and `z`), a form feed, bytes with the top bit set.
        let alphabet = Array(#"""\\\{}[]:, ab"#.utf8) + [0xC3, 0xA9] + Array("Zz|~^;\u{0C}\u{1B}\u{1D}".utf8) + [0xDB, 0xFB, 0xFD]
        let bytes = (0..<Int.random(in: 0...700, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
        let cuts = (0..<Int.random(in: 0...5, using: &generator)).map { _ in Int.random(in: 0...bytes.count, using: &generator) }.sorted()
        let whole = Self.positions(bytes, cuts: [], portable: true)
        let vector = Self.positions(bytes, cuts: cuts, portable: false)
        #expect(vector.positions == whole.positions, "seed \(seed)")
        #expect(vector.state.in_string == whole.state.in_string && vector.state.escaped == whole.state.escaped)
    }

    @Test func quotesOpenAndCloseStringsAndBracketsInsideThemDoNotCount() {
        let text = Array(#"{"a\"[": [1, "}"], "b\\": {}}"#.utf8)
        let found = Self.positions(text, cuts: [], portable: false).positions.map { Character(UnicodeScalar(text[$0])) }
        #expect(String(found) == #"{""[""]""{}}"#)
    }
}
