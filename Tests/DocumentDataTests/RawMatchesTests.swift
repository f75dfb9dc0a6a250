@testable import DocumentData
import TestSupport
import Testing

/// The raw-byte pass answers "the first item of a range whose bytes may match" as asking every
/// item would, while the items grow (a file still read) and the ranges asked jump about.
@Suite struct RawMatchesTests {
    @Test(arguments: 0..<40)
    func theFirstCandidateIsTheFirstItemWhoseBytesMatch(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let total = Int.random(in: 1...5_000, using: &generator)
        let density = [0.0005, 0.01, 0.3].randomElement(using: &generator)!
        var bytes: [UInt8] = []
        var spans: [Range<Int>] = []
        for _ in 0..<total {
            let text = Double.random(in: 0..<1, using: &generator) < density ? "{\"t\":\"fox\"}" : "{\"t\":\"cat\"}"
            spans.append(bytes.count..<(bytes.count + text.utf8.count))
            bytes += text.utf8
        }
        let matches = RawMatches(pattern: try RegexPattern("fox"))
        var count = 0
        for _ in 0..<60 {
            // The file grows now and then; ranges are asked anywhere in what is known.
            if count < total, Bool.random(using: &generator) { count = min(total, count + Int.random(in: 1...1_500, using: &generator)) }
            guard count > 0 else { continue }
            let lower = Int.random(in: 0..<count, using: &generator)
            let upper = Int.random(in: (lower + 1)...count, using: &generator)
            let found = matches.firstCandidate(
                in: lower..<upper, count: count, span: { spans[$0] },
                read: { buffer, offset in
                    let end = min(bytes.count, offset + buffer.count)
                    buffer.copyBytes(from: bytes[offset..<end])
                    return end - offset
                })
            let expected = (lower..<upper).first { bytes[spans[$0]].starts(with: Array("{\"t\":\"fox".utf8)) } ?? upper
            #expect(found == expected, "seed \(seed): \(lower)..<\(upper) of \(count)")
        }
    }
}
