import Glibc
import TestSupport
import Testing
@testable import DocumentData

/// Issue 11: input that is not a regular file is spooled to a file with no name, refused at
/// its first byte that cannot be JSON, and shown as soon as its first items have arrived.
// (A hang guard, not a speed test: under AddressSanitizer, on two cores beside the compression
// tests, its threads waited over a minute for a core; alone, the suite takes under a second.)
@Suite(.timeLimit(.minutes(3 * Sanitizers.timeLimitFactor))) struct InputSpoolTests {
    /// A pipe: the spool reads the first descriptor, the test writes the second.
    static func pipe() -> (read: Int32, write: Int32) {
        var ends: [Int32] = [-1, -1]
        _ = Glibc.pipe(&ends)
        return (ends[0], ends[1])
    }

    static func send(_ text: String, to descriptor: Int32) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }

    @Test func theTemporaryFileHasNoNameSoNoExitCanLeaveItBehind() throws {
        let ends = Self.pipe()
        let spool = try InputSpool(reading: ends.read, name: "-", jsonLines: false)
        let document = #"{"sections": [{"id": "s", "items": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}, {"id": "c", "title": "C"}]}]}"#
        Self.send(document, to: ends.write)
        close(ends.write)
        spool.wait { _ in false }
        var target = [CChar](repeating: 0, count: 4096)
        let length = readlink("/proc/self/fd/\(spool.descriptor)", &target, target.count - 1)
        try #require(length > 0)
        let name = String(decoding: target.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #expect(name.hasSuffix("(deleted)"), "the spool file is \(name)")
        #expect(spool.bytesWritten == document.utf8.count)
        #expect(try DocumentLoader.load(spool: spool).sections.first?.items.count == 3)
    }

    @Test func garbageIsRefusedAtItsFirstByteWithoutWaitingForTheEnd() throws {
        let ends = Self.pipe()
        let spool = try InputSpool(reading: ends.read, name: "-", jsonLines: false)
        // The writer never closes: the refusal must not wait for an end.
        Self.send("{\"sections\": [\n  \u{0}\u{0}\u{0}", to: ends.write)
        defer { close(ends.write) }
        spool.wait { $0.failure != nil }
        #expect(spool.failure?.description == "-:2:3: found byte 0x00: not JSON text")
        #expect(throws: DocumentError.self) { try DocumentLoader.load(spool: spool) }
    }

    /// `tail -f app.log | tstack browse -`: two short lines and a pause show at once, as the
    /// tree of the lines, which grows as more arrive.
    @Test func aSlowStreamOfLinesShowsAsSoonAsItsFirstLinesArrived() throws {
        let ends = Self.pipe()
        defer { close(ends.write) }
        let spool = try InputSpool(reading: ends.read, name: "-", jsonLines: false)
        Self.send("{\"level\":\"info\",\"msg\":\"up\"}\n{\"level\":\"warn\",\"msg\":\"slow\"}\n", to: ends.write)
        #expect(try LazyDocument.open(spool: spool) == nil, "no stack document")
        #expect(JSONTree.startsLikeJSONLines(spool))
        let tree = try JSONTree(spool: spool, jsonLines: true)
        #expect(tree.root?.count == 2)
        #expect(tree.isScanning)
        Self.send("{\"level\":\"info\",\"msg\":\"again\"}\n", to: ends.write)
        let deadline = ContinuousClock.now + .seconds(5)
        while tree.root?.count != 3, ContinuousClock.now < deadline {
            guard let descriptor = tree.wakeDescriptor else { break }
            var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&watched, 1, 100)
            tree.takeScanned()
        }
        #expect(tree.root?.count == 3)
    }

    @Test func aSmallStackDocumentStillStreamingShowsItsItems() throws {
        let ends = Self.pipe()
        defer { close(ends.write) }
        let spool = try InputSpool(reading: ends.read, name: "-", jsonLines: false)
        Self.send(#"{"sections": [{"id": "s", "items": [{"id": "a", "title": "A"}, {"id": "b", "title": "B"},"#, to: ends.write)
        let lazy = try #require(try LazyDocument.open(spool: spool))
        #expect(lazy.itemCount == 2)
        #expect(lazy.document.sections.first?.items.map(\.id) == ["a", "b"])
    }

    /// A waiter sleeps until the change, then wakes with it: a `wait` that returned at once
    /// would be seen awake before the signal.
    @Test func waitingWakesOnAChangeAndNotBefore() async throws {
        let signal = ChangeSignal()
        let before = signal.generation
        let awake = Locked(false)
        let waiter = Task.detached {
            let generation = signal.wait(after: before)
            awake.withLock { $0 = true }
            return generation
        }
        try await Task.sleep(for: .milliseconds(100))
        #expect(!awake.withLock { $0 }, "woke with no change")
        signal.signal()
        #expect(await waiter.value == before + 1)
        #expect(awake.withLock { $0 })
    }

    /// Lazily read files had no duplicate-id check: two items with one id browsed silently.
    @Test func duplicateIDsInALazilyReadFileAreFoundOnceTheScanEnds() throws {
        let text = LazyDocumentTests.generated(items: 3_000).replacingFirst(#""id": "item-2500""#, with: #""id": "item-17""#)
        let (found, path) = try Self.failureReadingLazily(text)
        #expect(found == "\(path): sections[25].items[0].id: duplicate id \"item-17\" (also at sections[0].items[17].id)")
        let unique = TemporaryFile(contents: LazyDocumentTests.generated(items: 3_000))
        defer { unique.remove() }
        #expect(try LazyDocumentTests.readLazily(unique.path).failure == nil)
        // Two ids whose hashes agree in the 32 bits kept are decoded and found to differ.
        #expect(ItemIDHash.short(ItemIDHash.of(utf8: "step-70389".utf8)) == ItemIDHash.short(ItemIDHash.of(utf8: "step-733766".utf8)))
        let alike = TemporaryFile(contents: LazyDocumentTests.generated(items: 3_000)
            .replacingFirst(#""id": "item-2500""#, with: #""id": "step-70389""#)
            .replacingFirst(#""id": "item-2600""#, with: #""id": "step-733766""#))
        defer { alike.remove() }
        let document = try LazyDocumentTests.readLazily(alike.path)
        #expect(document.failure == nil)
    }

    /// More items than a share (2^16): the ids' filter, made during the scan, narrows what the
    /// check looks at, and the repeat is still found, named as the whole loader names it.
    @Test func aDuplicateIDAmongMoreThanAShareOfItemsIsFound() throws {
        let text = LazyDocumentTests.generated(items: 70_000).replacingFirst(#""id": "item-69999""#, with: #""id": "item-3""#)
        let (found, path) = try Self.failureReadingLazily(text)
        #expect(found == "\(path): sections[699].items[99].id: duplicate id \"item-3\" (also at sections[0].items[3].id)")
    }

    /// What reading `text` lazily to its end fails with, in words, and the file's path. The scan
    /// may end before `open` returns (a loaded machine, a fast scan): then `open` throws what it
    /// found, else the document's failure says it. Either way, the same words.
    static func failureReadingLazily(_ text: String) throws -> (failure: String?, path: String) {
        let file = TemporaryFile(contents: text)
        defer { file.remove() }
        do {
            return (try LazyDocumentTests.readLazily(file.path).failure?.description, file.path)
        } catch {
            return ("\(error)", file.path)
        }
    }
}

extension String {
    /// The text with its first occurrence of `target` replaced.
    func replacingFirst(_ target: String, with replacement: String) -> String {
        let parts = split(separator: target, maxSplits: 1, omittingEmptySubsequences: false)
        return parts.count == 2 ? parts[0] + replacement + parts[1] : self
    }
}
