import Glibc
@testable import DocumentData
import Testing

/// A followed file (as the tree of its lines reads it): what is appended is scanned as it
/// comes; a truncated or replaced file ends the input and says why.
@Suite(.serialized) struct GrowingFileTests {
    static func write(_ text: String, to path: String, mode: String = "a") {
        let file = fopen(path, mode)
        fputs(text, file)
        fclose(file)
    }

    /// Takes in what the tree's scan finds until `condition` holds, for at most two seconds
    /// (sleeping in `poll(2)` on the scan's wake descriptor).
    static func takeIn(_ tree: JSONTree, until condition: (JSONTree) -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(2)
        while ContinuousClock.now < deadline {
            tree.takeScanned()
            if condition(tree) { return true }
            guard let descriptor = tree.wakeDescriptor else { continue }
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&watched, 1, 50)
        }
        return false
    }

    static func lines(_ range: ClosedRange<Int>) -> String {
        range.map { #"{"n": \#($0)}"# + "\n" }.joined()
    }

    static func count(_ tree: JSONTree) -> Int { tree.root?.count ?? 0 }

    /// The tree of a followed JSON Lines file grows as lines are appended (the last one shows as
    /// soon as its line ends); truncated, its scan ends saying why, and the file read again
    /// from its start is the new one.
    @Test func appendedLinesArriveAndATruncationEndsTheInputSayingWhy() throws {
        let path = "/tmp/tstack-growing-\(getpid()).jsonl"
        defer { unlink(path) }
        Self.write(Self.lines(1...5), to: path, mode: "w")
        let tree = try JSONTree(following: try GrowingFile(path: path), jsonLines: true)
        #expect(Self.takeIn(tree) { Self.count($0) == 5 })
        Self.write(Self.lines(6...1_000), to: path)
        #expect(Self.takeIn(tree) { Self.count($0) == 1_000 })
        #expect(tree.isScanning, "a followed file does not end at its end")
        Self.write(Self.lines(1...2), to: path, mode: "w")
        #expect(Self.takeIn(tree) { !$0.isScanning })
        #expect(tree.restartReason?.contains("was truncated") == true)
        let fresh = try JSONTree(following: try GrowingFile(path: path), jsonLines: true)
        #expect(Self.takeIn(fresh) { Self.count($0) == 2 })
        fresh.followedFile?.stop()
    }

    @Test func aReplacedFileIsReadFromTheNewOnesStart() throws {
        let path = "/tmp/tstack-rotated-\(getpid()).jsonl"
        defer { unlink(path) }
        Self.write(Self.lines(1...3), to: path, mode: "w")
        let tree = try JSONTree(following: try GrowingFile(path: path), jsonLines: true)
        #expect(Self.takeIn(tree) { Self.count($0) == 3 })
        // Log rotation: the file moves away, a new one takes its name.
        rename(path, path + ".1")
        defer { unlink(path + ".1") }
        Self.write(Self.lines(1...1), to: path, mode: "w")
        #expect(Self.takeIn(tree) { !$0.isScanning })
        #expect(tree.restartReason?.contains("was replaced") == true)
    }

    /// A file whose name does not say JSON Lines is one by its content, and is followed as one.
    @Test func aLogNotNamedJSONLinesIsFollowedToo() throws {
        let path = "/tmp/tstack-growing-\(getpid()).log"
        defer { unlink(path) }
        Self.write(Self.lines(1...3), to: path, mode: "w")
        let file = try GrowingFile(path: path)
        defer { file.stop() }
        #expect(JSONTree.startsLikeJSONLines(file))
        let tree = try JSONTree(following: file, jsonLines: true)
        #expect(Self.takeIn(tree) { Self.count($0) == 3 })
        Self.write(Self.lines(4...10), to: path)
        #expect(Self.takeIn(tree) { Self.count($0) == 10 })
        #expect(tree.isScanning)
    }

    @Test func aPipeOrADirectoryIsNotFollowedAsAFile() {
        #expect(throws: DocumentError.self) { try GrowingFile(path: "/tmp") }
        #expect(throws: DocumentError.self) { try GrowingFile(path: "/no/such/file") }
    }
}
