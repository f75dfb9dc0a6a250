import CJSONIndex
import TestSupport
import Testing

/// `tstack_find_any_byte` finds what a byte loop finds: the first byte of the set at or after
/// where it starts, in a block of 32, in the bytes after the last block, or none.
@Suite struct ByteFindTests {
    @Test(arguments: 0..<300)
    func theFirstByteOfTheSetIsTheNaiveOne(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let count = Int.random(in: 0...200, using: &random)
        // (Few distinct bytes, so that bytes of the set are met, some rarely.)
        let alphabet = (0..<Int.random(in: 1...40, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
        let bytes = (0..<count).map { _ in alphabet.randomElement(using: &random)! }
        let set = (0..<Int.random(in: 1...5, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            + (count > 0 && Bool.random(using: &random) ? [bytes.randomElement(using: &random)!] : [])
        let used = Array(set.prefix(5))
        var from = Int.random(in: 0...count, using: &random)
        while true {
            let expected = bytes[from...].firstIndex(where: used.contains) ?? count
            let found = bytes.withUnsafeBufferPointer { tstack_find_any_byte($0.baseAddress, count, from, used, Int32(used.count)) }
            #expect(found == expected, "seed \(seed): from \(from)")
            guard found < count else { break }
            from = found + 1
        }
    }
}
