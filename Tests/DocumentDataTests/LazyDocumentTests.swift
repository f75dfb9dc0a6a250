import Glibc
@testable import DocumentData
import TestSupport
import Testing

/// Documents read the lazy way: the same items as when read whole, found by id, bad items as
/// error rows, a broken file cut short with the reason.
@Suite struct LazyDocumentTests {
    static var demoPath: String {
        "/" + String(#filePath).split(separator: "/").dropLast(3).joined(separator: "/") + "/Examples/origami.json"
    }

    /// The whole document at `path`, read the lazy way.
    static func readLazily(_ path: String) throws -> LazyDocument {
        let lazy = try #require(try LazyDocument.open(path: path, minimumSize: 0))
        lazy.wait { _ in false }
        return lazy
    }

    /// `count` small items in sections of `perSection`, as JSON; `body` bytes of body each.
    static func generated(items count: Int, perSection: Int = 100, badItem: Int? = nil, body: Int = 0) -> String {
        let bodyMember = body > 0 ? #", "body": ""# + String(repeating: "x", count: body) + #"""# : ""
        var text = #"{"title": "generated", "sections": ["#
        for start in stride(from: 0, to: count, by: perSection) {
            if start > 0 { text += "," }
            text += "\n" + #"{"id": "s\#(start)", "header": "from \#(start)", "items": ["#
            for index in start..<min(count, start + perSection) {
                if index > start { text += "," }
                let title = index == badItem ? "tru" : "\"item \(index)\""
                text += "\n" + #"{"id": "item-\#(index)", "title": \#(title), "detail": \#(index % 3 + 1)\#(bodyMember)}"#
            }
            text += "]}"
        }
        return text + "]}"
    }

    @Test func readsTheSameDocumentAsReadingItWhole() throws {
        let whole = try DocumentLoader.load(path: Self.demoPath)
        let lazy = try Self.readLazily(Self.demoPath)
        #expect(lazy.failure == nil)
        #expect(lazy.document.title == whole.title)
        #expect(lazy.document.shortcuts == whole.shortcuts)
        #expect(lazy.document.sections.count == whole.sections.count)
        for (read, expected) in zip(lazy.document.sections, whole.sections) {
            #expect(read.hasSameFrame(as: expected))
            #expect(read.items.isStored)
            #expect(Array(read.items) == Array(expected.items))
        }
    }

    /// A big file's first chunk is scanned by the thread that opens it; when it holds the first
    /// screen's items, the scan's threads start only at the first take-in after that screen (the
    /// first frame is composed meanwhile), for which a run loop is woken, then read on to the end.
    @Test func theScanThreadsStartAtTheFirstTakeInAfterTheFirstScreen() throws {
        // 12 MB of 400-byte items: 160 in the first chunk of 64 KiB, more than the 100 asked.
        let file = TemporaryFile(contents: Self.generated(items: 30_000, body: 350))
        defer { file.remove() }
        let lazy = try #require(try LazyDocument.open(path: file.path, minimumSize: 0))
        #expect(lazy.channel.threadsWaitToStart)
        #expect(lazy.itemCount >= 100 && lazy.itemCount < 200)
        #expect(lazy.fractionScanned < 0.01)
        // A run loop that sleeps on the descriptor wakes to take in: nothing else would write to it.
        var wake = pollfd(fd: lazy.wakeDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&wake, 1, 0) == 1)
        lazy.update()
        #expect(!lazy.channel.threadsWaitToStart)
        lazy.wait { _ in false }
        #expect(lazy.failure == nil)
        #expect(lazy.itemCount == 30_000)
    }

    /// When the first chunk does not hold the first screen's items, the scan's threads start at
    /// once; once those items are in, the reader holds until they are taken in again (the first
    /// frame is composed meanwhile), then reads on to the end.
    @Test func theReaderHoldsForTheFirstScreenUntilTheNextTakeIn() throws {
        // 15 MB of 5-KB items: a dozen in the first chunk, the first screen's 100 in 500 KB,
        // more than the reader reads ahead beyond them (four chunks of 512 KiB), in fewer items
        // than the scan finds before it waits for a taker (``ScanChannel/untakenLimit``), so only
        // the hold stops the reader.
        let file = TemporaryFile(contents: Self.generated(items: 3_000, body: 5_000))
        defer { file.remove() }
        let lazy = try #require(try LazyDocument.open(path: file.path, minimumSize: 0))
        #expect(!lazy.channel.threadsWaitToStart)
        let deadline = ContinuousClock.now + .seconds(20)
        while !lazy.channel.readerIsHeld, ContinuousClock.now < deadline { usleep(1_000) }
        #expect(lazy.channel.readerIsHeld)
        lazy.wait { _ in false }
        #expect(lazy.failure == nil)
        #expect(lazy.itemCount == 3_000)
        #expect(!lazy.channel.readerIsHeld)
    }

    /// Once every item is in, the document is whole while its ids are still checked: the rows
    /// built from it then are those of the checked document.
    @Test func isWholeOnceScannedWhileItsIDsAreChecked() throws {
        let file = TemporaryFile(contents: Self.generated(items: 100_000))
        defer { file.remove() }
        let lazy = try #require(try LazyDocument.open(path: file.path, minimumSize: 0))
        // Taken in a thousand items at a time, as a run loop does between keys: the scan ends
        // tens of thousands of items ahead of the take-in.
        while !lazy.isScanned {
            var wake = pollfd(fd: lazy.wakeDescriptor, events: Int16(POLLIN), revents: 0)
            if !lazy.hasItemsToTakeIn { _ = poll(&wake, 1, 100) }
            lazy.update(limit: 1_000)
        }
        #expect(lazy.itemCount == 100_000)
        let scanned = lazy.document.sections
        lazy.wait { _ in false }
        #expect(lazy.isComplete)
        #expect(lazy.failure == nil)
        #expect(lazy.document.sections.count == scanned.count)
        for (checked, read) in zip(lazy.document.sections, scanned) {
            #expect(checked.hasSameFrame(as: read))
            #expect(checked.items.count == read.items.count)
        }
    }

    @Test func findsItemsByIDAndKnowsTheirDetailWithoutDecoding() throws {
        let file = TemporaryFile(contents: Self.generated(items: 5_000))
        defer { file.remove() }
        let lazy = try Self.readLazily(file.path)
        #expect(lazy.itemCount == 5_000)
        #expect(lazy.document.sections.count == 50)
        let store = try #require(lazy.document.itemStore)
        #expect(store.location(ofItemID: "item-4321") ?? (-1, -1) == (43, 21))
        #expect(store.location(ofItemID: "item-5000") == nil)
        #expect(lazy.document.sections[43].items.detail(at: 21) == 4321 % 3 + 1)
        #expect(lazy.document.sections[43].items[21].title == "item 4321")
    }

    /// An item's `detail` is kept whether the first items give one or not: details from the
    /// first item on, details only past the first take-ins, and none (every item then counts as
    /// detail 1, and no byte an item is kept for them).
    @Test(arguments: [0, 4_500, 9_000])
    func detailsAreKeptFromTheFirstItemThatGivesOne(firstDetailed: Int) throws {
        let count = 9_000
        func detail(_ index: Int) -> Int? { index >= firstDetailed && index % 4 != 0 ? index % 3 + 1 : nil }
        var text = #"{"sections": ["#
        for start in stride(from: 0, to: count, by: 100) {
            text += (start > 0 ? "," : "") + #"{"id": "s\#(start)", "items": ["#
            text += (start..<(start + 100)).map { index in
                #"{"id": "i\#(index)""# + (detail(index).map { #", "detail": \#($0)"# } ?? "") + "}"
            }.joined(separator: ",\n") + "]}"
        }
        let file = TemporaryFile(contents: text + "]}")
        defer { file.remove() }
        let lazy = try Self.readLazily(file.path)
        #expect(lazy.itemCount == count)
        for (section, items) in lazy.document.sections.map(\.items).enumerated() {
            for level in 1...3 {
                let expected = (0..<100).filter { (detail(section * 100 + $0) ?? 1) <= level }
                #expect(items.positions(upToDetail: level) == expected, "section \(section), level \(level)")
            }
            #expect(items.detail(at: 7) == detail(section * 100 + 7) ?? 1, "section \(section)")
        }
    }

    @Test func aBadItemBecomesAnErrorRowNamingItsLineAndTheRestBrowses() throws {
        let file = TemporaryFile(contents: Self.generated(items: 300, badItem: 150))
        defer { file.remove() }
        let lazy = try Self.readLazily(file.path)
        #expect(lazy.failure == nil)
        let bad = lazy.document.sections[1].items[50]
        #expect(bad.title == "⚠ cannot show sections[1].items[50]")
        // Line 1 is the title, each section adds a line, and item n is on line n + 2 + its section.
        #expect(bad.body == "\(file.path):154:29: expected 'true'")
        #expect(lazy.document.sections[1].items[51].title == "item 151")
        #expect(lazy.document.sections[2].items[0].title == "item 200")
    }

    @Test func aFileCutShortKeepsWhatWasReadAndSaysWhere() throws {
        // 5 MB, cut in the middle: the first screen's items are found long before the cut.
        let text = Self.generated(items: 80_000)
        let file = TemporaryFile(contents: String(text.prefix(text.count / 2)))
        defer { file.remove() }
        let lazy: LazyDocument
        do {
            lazy = try #require(try LazyDocument.open(path: file.path, minimumSize: 0))
        } catch {
            // Only when the machine stalled the viewer until the scan was done: it then says so before any frame.
            #expect("\(error)".contains(": unexpected end of input, expected "))
            return
        }
        #expect(lazy.failure == nil)
        lazy.wait { _ in false }
        let failure = try #require(lazy.failure)
        #expect("\(failure)".hasPrefix(file.path + ":"))
        #expect("\(failure)".contains(": unexpected end of input, expected "))
        #expect(lazy.itemCount > 39_000)
        #expect(lazy.document.sections.last?.items.isEmpty == false)
    }

    /// JSON Lines is no stack document: the lazy loader leaves it, and it opens as a tree of its
    /// lines, found by name or by content, read lazily, a bad line a child of its own.
    @Test(arguments: ["log.jsonl", "log.txt"])
    func jsonLinesAreATreeByNameOrContent(name: String) throws {
        var text = ""
        for line in 1...3_000 {
            text += line == 1_500 ? "{\"broken\": \n" : line % 1_000 == 0 ? "\n" : #"{"name": "event \#(line)", "n": \#(line)}"# + "\n"
        }
        let file = TemporaryFile(contents: text, name: name)
        defer { file.remove() }
        #expect(try LazyDocument.open(path: file.path, minimumSize: 0) == nil)
        let tree = try #require(try JSONTree.open(path: file.path, minimumLazySize: 0, jsonLines: name.hasSuffix(".jsonl")))
        tree.waitForScan()
        #expect(tree.isJSONLines)
        let root = try #require(tree.root)
        #expect(root.count == 2_997, "blank lines are skipped")
        #expect(root.childCount(of: 0) == 2)
        #expect(root.childCount(of: 1_498) == nil, "a bad line is a scalar that says what is wrong")
        #expect(root.lineNumber(of: 1_498) == 1_500)
        #expect(root.lineNumber(of: 2_996) == 2_999)
    }

    @Test func anythingButAStackDocumentIsLeftToTheWholeLoader() throws {
        for text in [#"[{"id": 1}]"#, #"{"users": [1, 2]}"#, "{\"a\": 1}\n"] {
            let file = TemporaryFile(contents: text)
            defer { file.remove() }
            #expect(try LazyDocument.open(path: file.path, minimumSize: 0) == nil, "\(text)")
        }
        let small = TemporaryFile(contents: Self.generated(items: 10))
        defer { small.remove() }
        #expect(try LazyDocument.open(path: small.path) == nil, "small files are read whole")
    }

    @Test func anErrorBeforeTheFirstItemsStopsTheLoad() {
        let file = TemporaryFile(contents: #"{"sections": [{"id": "a", "items": [{"id": "x"} {"#)
        defer { file.remove() }
        #expect(throws: DocumentError.malformed(
            file: file.path, JSONParseError(line: 1, column: 49, message: "expected ',' or ']', found '{'"))
        ) { try LazyDocument.open(path: file.path, minimumSize: 0) }
    }
}


/// The duplicate id hashes found once every item is in.
@Suite struct CollidingHashesTests {
    /// The hashes `hashes` holds more than once, but 0 (no id), in increasing order.
    static func repeated(_ hashes: [UInt32]) -> [UInt32] {
        var seen: Set<UInt32> = []
        var repeated: Set<UInt32> = []
        for hash in hashes where hash != 0 && !seen.insert(hash).inserted { repeated.insert(hash) }
        return repeated.sorted()
    }

    /// Steps until done, `budget` hashes a step. - Returns: the check and how many steps it took.
    static func check(_ hashes: [UInt32], budget: Int, stepsAtMost: Int) -> (check: IDHashCollisions, steps: Int) {
        var check = IDHashCollisions()
        var steps = 0
        while !check.isDone, steps <= stepsAtMost {
            hashes.withUnsafeBufferPointer { check.step($0, budget: budget) }
            steps += 1
        }
        return (check, steps)
    }

    /// Share by share, pass by pass, the steps find what a set of every hash finds, and pass
    /// over 0 (no id): a pass a step of `budget` hashes at a time, no step more.
    @Test(arguments: 1...12)
    func theSharesTogetherFindWhatTheWholeFinds(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        // Up to 300,000: several shares, in more than one pass.
        let count = seed % 2 == 0 ? Int.random(in: 0...20_000, using: &generator) : Int.random(in: 65_537...300_000, using: &generator)
        let hashes = (0..<count).map { _ -> UInt32 in
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: return 0
            // Few values, met many times, alike in their low bits.
            case 1: return UInt32.random(in: 0..<64, using: &generator) << 26 | 5
            default: return UInt32.random(in: 1...UInt32.max, using: &generator)
            }
        }
        // A budget of a few hashes a step: a pass takes many steps.
        let budget = count < 20_000 ? Int.random(in: 1...3_000, using: &generator) : Int.random(in: 1_000...50_000, using: &generator)
        let shares = 1 << IDHashCollisions.shareBits(for: hashes.count)
        let passes = (shares + IDHashCollisions.sharesPerPass - 1) / IDHashCollisions.sharesPerPass
        let stepsNeeded = passes * max(1, (hashes.count + budget - 1) / budget)
        let (check, steps) = Self.check(hashes, budget: budget, stepsAtMost: stepsNeeded)
        #expect(steps == stepsNeeded, "seed \(seed)")
        #expect(check.colliding == Self.repeated(hashes), "seed \(seed)")
    }

    /// Two checks, each making every other pass, find together what one finds, each hash once;
    /// so does ``DuplicateIDCheck``, on threads of its own.
    @Test(arguments: 1...6)
    func checksSharingThePassesFindWhatOneFinds(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let pool = (0..<1_000).map { _ in UInt32.random(in: 1...UInt32.max, using: &generator) }
        let count = seed == 1 ? 0 : Int.random(in: 1...400_000, using: &generator)
        let hashes = (0..<count).map { _ in
            Bool.random(using: &generator) ? UInt32.random(in: 0...UInt32.max, using: &generator) : pool.randomElement(using: &generator)!
        }
        let expected = Self.repeated(hashes)
        var together: [UInt32] = []
        for firstPass in 0..<2 {
            var check = IDHashCollisions(firstPass: firstPass, passStride: 2)
            while !check.isDone { hashes.withUnsafeBufferPointer { check.step($0) } }
            together += check.colliding
        }
        #expect(together.sorted() == expected, "seed \(seed)")
        let done = ChangeSignal()
        let generation = done.generation
        let background = DuplicateIDCheck(hashes: hashes, confirm: { _, _ in nil }) { done.signal() }
        done.wait(after: generation)
        #expect(background.colliding == expected, "seed \(seed)")
    }

    /// Every hash the table holds more than once is among the filter's candidates, as often as
    /// in the table, whatever the hashes' bits; the check of the candidates alone finds what the
    /// check of the whole table finds; and a filter fed more than it was made for says so.
    @Test(arguments: 1...8)
    func theFilterKeepsEveryRepeatedHashAmongItsCandidates(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let pool = (0..<500).map { _ in UInt32.random(in: 1...UInt32.max, using: &generator) }
        let count = Int.random(in: 65_537...250_000, using: &generator)
        let hashes = (0..<count).map { _ -> UInt32 in
            switch Int.random(in: 0..<20, using: &generator) {
            case 0: return 0
            case 1: return pool.randomElement(using: &generator)!
            // Alike in their low bits, met several times.
            case 2: return UInt32.random(in: 0..<64, using: &generator) << 26 | 5
            default: return UInt32.random(in: 1...UInt32.max, using: &generator)
            }
        }
        // Made for as many as come, or (every other seed) for fewer: a document whose size was
        // guessed low before it is outgrown.
        var filter = IDHashFilter(expectedCount: seed % 2 == 0 ? count : count / 3)
        var start = 0
        while start < count {
            let end = min(count, start + Int.random(in: 1...5_000, using: &generator))
            hashes.withUnsafeBufferPointer { filter.insert(UnsafeBufferPointer(rebasing: $0[start..<end])) }
            start = end
        }
        #expect(filter.count == count)
        let expected = Self.repeated(hashes)
        var taken = filter
        let candidates = hashes.withUnsafeBufferPointer { taken.takeCandidates(among: $0) }
        var occurrences: [UInt32: Int] = [:]
        for hash in hashes where hash != 0 { occurrences[hash, default: 0] += 1 }
        var candidateOccurrences: [UInt32: Int] = [:]
        for hash in candidates { candidateOccurrences[hash, default: 0] += 1 }
        for hash in expected { #expect(candidateOccurrences[hash] == occurrences[hash], "seed \(seed), hash \(hash)") }
        #expect(candidates.count < count / 2, "seed \(seed): the filter narrows")
        #expect(!candidates.contains(0))
        let done = ChangeSignal()
        let generation = done.generation
        let check = DuplicateIDCheck(hashes: hashes, filter: filter, confirm: { _, _ in nil }) { done.signal() }
        done.wait(after: generation)
        #expect(check.colliding == expected, "seed \(seed)")
        var full = IDHashFilter(expectedCount: 1_000)
        let many = (0..<300_000).map { UInt32($0 + 1) }
        many.withUnsafeBufferPointer { full.insert($0) }
        #expect(full.isFull)
        // (A filter of 2^20 bits at least: these counts never fill one.)
        #expect(!filter.isFull)
    }

    /// Shares keep at most 2^16 hashes whatever the count, and are as few as that allows.
    @Test func sharesGrowWithTheItems() {
        #expect(IDHashCollisions.shareBits(for: 0) == 0)
        #expect(IDHashCollisions.shareBits(for: 1 << 16) == 0)
        #expect(IDHashCollisions.shareBits(for: 1 << 16 + 1) == 1)
        #expect(IDHashCollisions.shareBits(for: 1_000_000) == 4)
        #expect(IDHashCollisions.shareBits(for: 10_000_000) == 8)
        #expect(IDHashCollisions.shareBits(for: 100_000_000) == 11)
    }

    /// Hashes that crowd in one share (their top bits alike) grow its set as it fills, past
    /// four times the slots a share's expected hashes take: every repeat is still found.
    @Test func aShareOfManyMoreHashesThanExpectedGrows() {
        var generator = SeededGenerator(seed: 7)
        // 200,000 hashes are 4 shares of 50,000 expected; all are in the first share here.
        var hashes = (0..<200_000).map { _ in UInt32.random(in: 1..<(1 << 30), using: &generator) }
        hashes += hashes.prefix(20) + [0, 0]
        #expect(IDHashCollisions.shareBits(for: hashes.count) == 2)
        // A step a pass: the budget covers the table.
        let passes = (4 + IDHashCollisions.sharesPerPass - 1) / IDHashCollisions.sharesPerPass
        let (check, steps) = Self.check(hashes, budget: 1 << 20, stepsAtMost: passes)
        #expect(steps == passes)
        #expect(check.colliding == Self.repeated(hashes))
        #expect(check.colliding.count >= 20)
    }
}

/// Where items are, kept in 32 bits an item.
@Suite struct ItemOffsetsTests {
    @Test func offsetsPastFourGibibytesComeBackWhole() throws {
        let file = TemporaryFile(contents: "{}")
        defer { file.remove() }
        let items = LazyItems(reader: try FileReader(path: file.path))
        let starts = [0, 10, 4_294_967_290, 4_294_967_300, 4_294_967_300 + 8, 3 << 32, (3 << 32) + 5, 9 << 32]
        let records = starts.map { StackScanner.ItemRecord(start: $0, length: 4, idHash: 7, detail: 1) }
        items.append(records[...], expectedCount: records.count)
        #expect((0..<starts.count).map(items.start) == starts)
    }

    /// An item's length is kept in 16 bits: one of 64 KiB or more keeps it beside, whole.
    @Test func lengthsPastSixtyFourKibibytesComeBackWhole() throws {
        let file = TemporaryFile(contents: "{}")
        defer { file.remove() }
        let items = LazyItems(reader: try FileReader(path: file.path))
        let lengths: [UInt32] = [2, 65_534, 65_535, 65_536, 1 << 20, 7, UInt32.max]
        let records = lengths.enumerated().map { StackScanner.ItemRecord(start: $0.offset, length: $0.element, idHash: 7, detail: 1) }
        items.append(records[..<3], expectedCount: records.count)
        items.append(records[3...], expectedCount: records.count)
        #expect((0..<lengths.count).map(items.length) == lengths.map(Int.init))
    }
}
