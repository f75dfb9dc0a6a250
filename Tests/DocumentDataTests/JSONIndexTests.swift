import CJSONIndex
import TestSupport
import Testing

/// Each vector kernel of the scan's first stage (those the processor runs) finds the same
/// quotes, brackets and separators as the byte loop, in one piece or cut anywhere (inside an
/// escape, between a backslash and what it escapes).
@Suite struct JSONIndexTests {
    /// The kernels this processor runs, the byte loop first.
    static let kernels = [TSTACK_INDEX_BYTES, TSTACK_INDEX_AVX2, TSTACK_INDEX_AVX512]
        .filter { $0.rawValue <= tstack_index_widest_kernel().rawValue }

    static func positions(
        _ bytes: [UInt8], cuts: [Int], kernel: tstack_index_kernel = tstack_index_widest_kernel(), separators: Int32 = 0
    ) -> (positions: [Int], state: tstack_index_state) {
        var state = tstack_index_state(in_string: 0, escaped: 0)
        var found: [Int] = []
        var start = 0
        for end in cuts + [bytes.count] where end >= start {
            var buffer = [UInt32](repeating: 0, count: end - start + Int(TSTACK_INDEX_SLACK))
            let count = bytes[start..<end].withUnsafeBufferPointer { chunk in
                buffer.withUnsafeMutableBufferPointer { out in
                    tstack_index_json_with(kernel, separators, chunk.baseAddress, chunk.count, &state, out.baseAddress)
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
        // differ in bit 5 alone, as `Z` and `z`), a form feed, bytes with the top bit set, a line
        // feed and a byte one bit from it (0x0A, 0x0B).
        // Every other seed, brackets and separators alone: blocks of 64 positions.
        let alphabet = seed % 2 == 0
            ? Array("{}[],:\n".utf8)
            : Array(#"""\\\{}[]:, ab"#.utf8) + [0xC3, 0xA9] + Array("Zz|~^;\u{0C}\u{1B}\u{1D}\n\u{0B}".utf8) + [0xDB, 0xFB, 0xFD]
        let bytes = (0..<Int.random(in: 0...700, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
        let cuts = (0..<Int.random(in: 0...5, using: &generator)).map { _ in Int.random(in: 0...bytes.count, using: &generator) }.sorted()
        for separators: Int32 in [0, 1, 3] {
            let whole = Self.positions(bytes, cuts: [], kernel: TSTACK_INDEX_BYTES, separators: separators)
            for kernel in Self.kernels.dropFirst() {
                let vector = Self.positions(bytes, cuts: cuts, kernel: kernel, separators: separators)
                #expect(vector.positions == whole.positions, "seed \(seed), kernel \(kernel.rawValue), separators \(separators)")
                #expect(vector.state.in_string == whole.state.in_string && vector.state.escaped == whole.state.escaped)
            }
        }
    }

    @Test func quotesOpenAndCloseStringsAndBracketsInsideThemDoNotCount() {
        let text = Array(#"{"a\"[": [1, "}"], "b\\": {}}"#.utf8)
        let found = Self.positions(text, cuts: []).positions.map { Character(UnicodeScalar(text[$0])) }
        #expect(String(found) == #"{""[""]""{}}"#)
    }
}
