import DocumentData
import Glibc
import Testing

/// What `FileWatch` says of a file changed on disk: its wake descriptor becomes readable, and
/// `check()` tells an append from a truncation, a rewrite in place, a replacement and a removal;
/// the most serious change seen stays.
@Suite struct FileWatchTests {
    static let text = (0..<2_000).map { #"{"n": \#($0)}"# }.joined(separator: "\n") + "\n"

    static func write(_ text: String, to path: String, mode: String) {
        let file = fopen(path, mode)
        fputs(text, file)
        fclose(file)
    }

    /// Whether `descriptor` is readable within a second.
    static func wakes(_ descriptor: Int32) -> Bool {
        var watched = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&watched, 1, 1_000) == 1
    }

    @Test func anUntouchedFileSaysNothing() throws {
        let file = TemporaryFile(contents: Self.text, name: "a.jsonl")
        defer { file.remove() }
        let watch = try #require(FileWatch(path: file.path))
        #expect(watch.check() == nil)
        #expect(watch.change == nil)
    }

    @Test func anAppendIsGrowthAndATruncationAfterItStays() throws {
        let file = TemporaryFile(contents: Self.text, name: "a.jsonl")
        defer { file.remove() }
        let watch = try #require(FileWatch(path: file.path))
        Self.write(#"{"n": 2000}"# + "\n", to: file.path, mode: "a")
        #expect(Self.wakes(watch.wakeDescriptor))
        #expect(watch.check() == .grew)
        #expect(watch.check() == nil, "news are taken once")
        truncate(file.path, 100)
        #expect(Self.wakes(watch.wakeDescriptor))
        #expect(watch.check() == .shrank)
        #expect(watch.change?.mixesVersions == true)
        // Growing back past its size: still not what was shown.
        Self.write(Self.text + Self.text, to: file.path, mode: "a")
        _ = Self.wakes(watch.wakeDescriptor)
        #expect(watch.check() == nil)
        #expect(watch.change == .shrank)
    }

    @Test func bytesWrittenAgainInPlaceAreARewrite() throws {
        let file = TemporaryFile(contents: Self.text, name: "a.jsonl")
        defer { file.remove() }
        let watch = try #require(FileWatch(path: file.path))
        // The same size, the first record's number changed.
        Self.write("{\"n\": 9}" + Self.text.dropFirst(8), to: file.path, mode: "w")
        #expect(Self.wakes(watch.wakeDescriptor))
        #expect(watch.check() == .rewritten)
    }

    @Test func aFileRenamedOverItIsAReplacementAndARemovalIsSaid() throws {
        let file = TemporaryFile(contents: Self.text, name: "a.jsonl")
        defer { file.remove() }
        let watch = try #require(FileWatch(path: file.path))
        let other = file.path + ".new"
        Self.write(Self.text, to: other, mode: "w")
        rename(other, file.path)
        #expect(Self.wakes(watch.wakeDescriptor))
        #expect(watch.check() == .replaced)
        #expect(watch.change?.mixesVersions == false)

        let removed = TemporaryFile(contents: Self.text, name: "b.jsonl")
        defer { removed.remove() }
        let second = try #require(FileWatch(path: removed.path))
        unlink(removed.path)
        #expect(Self.wakes(second.wakeDescriptor))
        #expect(second.check() == .removed)
    }

    /// `touch` moves the times only: no change (it stopped every search until `R`).
    @Test func aTouchIsNoChange() throws {
        let file = TemporaryFile(contents: Self.text, name: "a.jsonl")
        defer { file.remove() }
        let watch = try #require(FileWatch(path: file.path))
        usleep(20_000)
        #expect(utimes(file.path, nil) == 0)
        #expect(Self.wakes(watch.wakeDescriptor))
        #expect(watch.check() == nil)
        #expect(watch.change == nil)
    }

    @Test func noRegularFileIsWatched() {
        #expect(FileWatch(path: "/dev/null") == nil)
        #expect(FileWatch(path: "/nonexistent/file.json") == nil)
    }
}
