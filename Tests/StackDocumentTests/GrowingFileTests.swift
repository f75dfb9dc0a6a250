import Glibc
@testable import StackDocument
import Testing

/// A followed file: what is appended is scanned as it comes; a truncated or replaced file ends
/// the input and says why.
@Suite(.serialized) struct GrowingFileTests {
    static func write(_ text: String, to path: String, mode: String = "a") {
        let file = fopen(path, mode)
        fputs(text, file)
        fclose(file)
    }

    /// Takes in what the scan finds until `condition` holds, for at most two seconds (sleeping in
    /// `poll(2)` on the document's wake descriptor).
    static func takeIn(_ lazy: LazyDocument, until condition: (LazyDocument) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline {
            lazy.update()
            if condition(lazy) { return true }
            var watched = pollfd(fd: lazy.wakeDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&watched, 1, 50)
        }
        return false
    }

    static func lines(_ range: ClosedRange<Int>) -> String {
        range.map { #"{"n": \#($0)}"# + "\n" }.joined()
    }

    @Test func appendedLinesArriveAndATruncationEndsTheInputSayingWhy() throws {
        let path = "/tmp/tstack-growing-\(getpid()).jsonl"
        defer { unlink(path) }
        Self.write(Self.lines(1...5), to: path, mode: "w")
        let file = try GrowingFile(path: path)
        let lazy = try #require(try LazyDocument.open(following: file))
        #expect(Self.takeIn(lazy) { $0.itemCount == 5 })
        Self.write(Self.lines(6...1_000), to: path)
        #expect(Self.takeIn(lazy) { $0.itemCount == 1_000 })
        #expect(!lazy.isComplete, "a followed file does not end at its end")
        Self.write(Self.lines(1...2), to: path, mode: "w")
        #expect(Self.takeIn(lazy) { $0.isComplete })
        #expect(lazy.restartReason?.contains("was truncated") == true)
        let fresh = try lazy.reopen()
        #expect(Self.takeIn(fresh) { $0.itemCount == 2 })
        fresh.followedFile?.stop()
    }

    @Test func aReplacedFileIsReadFromTheNewOnesStart() throws {
        let path = "/tmp/tstack-rotated-\(getpid()).jsonl"
        defer { unlink(path) }
        Self.write(Self.lines(1...3), to: path, mode: "w")
        let lazy = try #require(try LazyDocument.open(following: try GrowingFile(path: path)))
        #expect(Self.takeIn(lazy) { $0.itemCount == 3 })
        // Log rotation: the file moves away, a new one takes its name.
        rename(path, path + ".1")
        defer { unlink(path + ".1") }
        Self.write(Self.lines(1...1), to: path, mode: "w")
        #expect(Self.takeIn(lazy) { $0.isComplete })
        #expect(lazy.restartReason?.contains("was replaced") == true)
    }

    /// A file whose name does not say JSON Lines is first tried as a stack document; the try
    /// must not stop the following.
    @Test func aLogNotNamedJSONLinesIsFollowedToo() throws {
        let path = "/tmp/tstack-growing-\(getpid()).log"
        defer { unlink(path) }
        Self.write(Self.lines(1...3), to: path, mode: "w")
        let file = try GrowingFile(path: path)
        defer { file.stop() }
        let lazy = try #require(try LazyDocument.open(following: file))
        #expect(Self.takeIn(lazy) { $0.itemCount == 3 })
        Self.write(Self.lines(4...10), to: path)
        #expect(Self.takeIn(lazy) { $0.itemCount == 10 })
        #expect(!lazy.isComplete)
    }

    @Test func aPipeOrADirectoryIsNotFollowedAsAFile() {
        #expect(throws: DocumentError.self) { try GrowingFile(path: "/tmp") }
        #expect(throws: DocumentError.self) { try GrowingFile(path: "/no/such/file") }
    }
}
