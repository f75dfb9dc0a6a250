import DequeModule
import Platform

/// A stack document read the lazy way: a background scan finds where the items are while the
/// first screen is already shown; an item is decoded only when its row is drawn. (The viewer
/// reads every stack document from a file so; a small one's scan ends before its first screen.)
///
/// ``update(limit:)`` takes what the scan found so far; ``document``, read after it, has it: its
/// sections hold ``ItemList``s over the file, the open section grows, sections are added, nothing
/// else changes. Until ``isComplete`` the counts are only what was found so far. A structural error
/// found after the start ends the scan; what was read still browses and ``failure`` says what
/// went wrong and where.
///
/// Used from one thread; the scan itself runs on another.
public final class LazyDocument {
    /// The file.
    public let path: String
    /// The document as scanned so far (its sections are built again from what was taken in when
    /// it is read after ``update(limit:)`` changed them: several take-ins and one read pay for
    /// one rebuild).
    public var document: StackDocument {
        if sectionsAreStale { rebuild() }
        return built
    }
    private var built: StackDocument
    /// Whether items or sections were taken in since ``built``'s sections were built.
    private var sectionsAreStale = false
    /// Whether the scan reached the end of the file (or stopped at an error).
    public private(set) var isComplete = false
    /// Why the scan stopped early, if it did.
    public private(set) var failure: DocumentError?
    /// The file's size (what arrived so far, for standard input) and how much of it was scanned.
    public var fileSize: Int { spool?.bytesWritten ?? size }
    /// How far into the file the scan has come, in bytes.
    public private(set) var bytesScanned = 0
    /// Whether the file's size is final (standard input may still be streaming in).
    public var sizeIsKnown: Bool { spool?.isFinished ?? true }
    private let size: Int
    /// Input being copied to the file read here (standard input, a FIFO), if that is what is read.
    private let spool: (any GrowingInput)?

    private let reader: FileReader
    let channel: ScanChannel
    private let items: LazyItems
    private var sections: [SectionDraft] = []
    /// The drafts of the sections closed at the last `rebuild()` (a prefix of `sections`),
    /// and the sections of ``document`` built from them.
    private var closed = (drafts: 0, built: 0)
    private var sawSections = false
    /// What the scan found and ``update(limit:)`` has not taken in yet. An event is let go as it
    /// is taken in: the scan is ahead of a take-in for the whole of a big file's load, so a list
    /// emptied only once every event in it was taken grew the whole load long (3.1 MB at the peak
    /// of a million items' load, heaptrack, keys pressed during it).
    private var backlog = (items: ItemBacklog(), events: Deque<StackScanner.Event>())
    /// Whether the scan said it ended (the input ended, it failed, or it was cancelled).
    private(set) var scanEnded = false
    private var scanFailure: DocumentError?

    /// Files at least this big show before their scan ends; the viewer scans smaller ones to
    /// their end first (a few milliseconds), so a fault in their skeleton exits at once.
    public static let minimumSize = 4 << 20
    /// How far into a big file its `sections` must have started for it to be read as a stack
    /// document.
    static let sectionsHorizon = 1 << 20

    /// What is known of a section while it is scanned.
    private struct SectionDraft {
        var id: String?
        var header: String?
        var footer: String?
        var layout = StackDocument.Layout.vertical
        var firstItem: Int
        var endItem: Int?
        var hasItems = false
    }

    /// Starts scanning the stack document at `path` and waits until its first screen's worth of
    /// items (`firstItems`) is known, or the scan ended.
    /// - Returns: nil when the file is smaller than `minimumSize`, not a regular file (or cannot
    ///   be opened: loading it whole says why), or turns out not to be a stack document (a
    ///   top-level array, an object without `sections`): load it whole instead.
    /// - Throws: ``DocumentError`` for an unreadable file or an error found before the first items.
    public static func open(
        path: String, minimumSize: Int = LazyDocument.minimumSize, firstItems: Int = 100
    ) throws(DocumentError) -> LazyDocument? {
        guard let reader = try? FileReader(path: path), let size = reader.regularFileSize, size >= minimumSize,
            size > 0 else { return nil }
        return try open(reader, size: size, spool: nil, firstItems: firstItems)
    }

    /// Starts scanning input as it streams into `spool`, whatever its size, and waits for the
    /// first screen's items as ``open(path:minimumSize:firstItems:)`` does — or for as many as
    /// have arrived when the input pauses, so a slow stream (`tail -f log | tstack browse -`)
    /// shows as soon as its first items are there.
    /// - Returns: nil when the input is empty or not a stack document (any other JSON is a
    ///   tree: ``JSONTree/init(spool:jsonLines:)``; input refused at its first bytes goes to the
    ///   whole loader, which reports the refusal).
    /// - Throws: ``DocumentError`` for an error found before the first items.
    public static func open(spool: InputSpool, firstItems: Int = 100) throws(DocumentError) -> LazyDocument? {
        try open(input: spool, firstItems: firstItems)
    }

    /// Reads `file` as it grows (`--follow`): as a stream, whatever its size; the scan waits at
    /// its end for more. Nil when it is empty or not a stack document.
    public static func open(following file: GrowingFile, firstItems: Int = 100) throws(DocumentError) -> LazyDocument? {
        try open(input: file, firstItems: firstItems)
    }

    private static func open(input: some GrowingInput, firstItems: Int) throws(DocumentError) -> LazyDocument? {
        input.wait { $0.bytesWritten > 0 }
        guard input.bytesWritten > 0 else { return nil }
        return try open(try input.reader(), size: 0, spool: input, firstItems: firstItems)
    }

    /// Why the input must be read again from its start (a followed file was truncated or
    /// replaced), once the scan ended for that reason.
    public var restartReason: String? { (spool as? GrowingFile)?.restartReason }

    /// The followed file, when the input is one.
    public var followedFile: GrowingFile? { spool as? GrowingFile }

    /// A followed file read again from its start (it was truncated or replaced), as the same kind
    /// of document, without waiting for anything: its first items arrive as the new file grows.
    /// - Throws: ``DocumentError`` when the file cannot be opened again.
    public func reopen() throws(DocumentError) -> LazyDocument {
        let file = try GrowingFile(path: followedFile?.path ?? path)
        let reader = try file.reader()
        let fresh = LazyDocument(path: path, reader: reader, size: 0, spool: file)
        fresh.built.title = built.title
        return fresh
    }

    private static func open(
        _ reader: FileReader, size: Int, spool: (any GrowingInput)?, firstItems: Int
    ) throws(DocumentError) -> LazyDocument? {
        let lazy = LazyDocument(path: reader.name, reader: reader, size: size, spool: spool)
        // A stack document names its sections early: one that has not within its first MiB
        // (GeoJSON's features, an API dump) is taken for any other JSON, not read to its end
        // to be sure (its scan is cancelled as `lazy` goes).
        // From a stream that pauses before naming them (`{"a":` and a pause, a small file
        // followed), what came is taken for any other JSON: the screen opens at once.
        lazy.wait {
            $0.sawSections
                ? $0.items.count >= firstItems || $0.caughtUpWithInput
                : $0.bytesScanned >= Self.sectionsHorizon || ($0.caughtUpWithInput && spool?.isIdle == true)
        }
        guard lazy.sawSections else { return nil }
        // An error before the first screen's items: the screen is never opened.
        if let failure = lazy.failure { throw failure }
        // The first screen is composed next: the scan's threads start (or their reader goes on)
        // at the first take-in after it.
        lazy.channel.holdUntilTaken()
        return lazy
    }

    private init(
        path: String, reader: FileReader, size: Int, spool: (any GrowingInput)?
    ) {
        self.path = path
        self.reader = reader
        self.size = size
        self.spool = spool
        items = LazyItems(reader: reader)
        channel = ScanChannel(reader: reader, scanner: StackScanner(), spool: spool)
        built = StackDocument(sections: [])
        built.itemStore = items
    }

    /// Stops the scan. A followed file goes on being watched: its owner stops it
    /// (``GrowingFile/stop()``), as a document tried first as one kind and then read as another
    /// shares it.
    deinit { channel.cancel() }

    /// Readable (`poll(2)`) when the scan found something ``update(limit:)`` has not taken: a run loop
    /// that waits for keys watches it too, and sleeps while nothing arrives.
    public var wakeDescriptor: Int32 { channel.wakeDescriptor }

    /// Whether the scan found items ``update(limit:)`` has not taken in yet (it takes a bounded number
    /// per call), or the scan ended and the check of the ids is to be started or was done: call it
    /// again soon, without waiting for ``wakeDescriptor`` (which the check wakes when it is done).
    public var hasItemsToTakeIn: Bool {
        !isComplete && (!backlog.items.isEmpty || !backlog.events.isEmpty
            || (scanEnded && !items.duplicateIDCheckIsRunning))
    }

    /// Whether the scan ended and everything it found was taken in: only the check of the ids
    /// may be left (``isComplete`` says when it ended too). A document's rows can be built
    /// meanwhile; they are its rows once the check finds no id repeated.
    public var isScanned: Bool {
        isComplete || (scanEnded && backlog.items.isEmpty && backlog.events.isEmpty)
    }

    /// Whether everything that arrived so far was scanned and taken in, and the scan waits for
    /// more input (a stream that paused).
    private var caughtUpWithInput: Bool {
        channel.isWaitingForInput && !hasItemsToTakeIn
    }

    /// The share of the file scanned, 0–1.
    public var fractionScanned: Double {
        fileSize == 0 ? 1 : min(1, Double(bytesScanned) / Double(fileSize))
    }

    /// The number of items found so far.
    public var itemCount: Int { items.count }

    /// Takes what the scan found since the last call: at most `limit` items (the rest stays for
    /// the next call; ``hasItemsToTakeIn`` says so), so that a call between keys stays short.
    /// - Returns: whether ``document`` changed.
    @discardableResult
    public func update(limit: Int = LazyDocument.itemsPerUpdate) -> Bool {
        guard !isComplete else { return false }
        // What was taken and not taken in yet stays small: the scan waits meanwhile, so that
        // it runs ahead of a slow taker by a bounded number of items.
        let untaken = backlog.items.count
        let found = untaken < max(limit, ScanChannel.untakenLimit) ? channel.take() : ScanChannel.Found(bytesScanned: bytesScanned)
        backlog.items.append(contentsOf: found.items)
        backlog.events.append(contentsOf: found.events)
        bytesScanned = found.bytesScanned
        let (takenItems, takenEvents) = takeBacklog(items: limit)
        if let error = found.failure, failure == nil {
            let position = reader.lineAndColumn(of: error.offset)
            scanFailure = .malformed(file: path, JSONParseError(line: position.line, column: position.column, message: error.message))
        }
        if found.isFinished {
            scanEnded = true
            // The input was refused (not JSON) after the start: what came before it browses.
            if scanFailure == nil, let refused = spool?.failure { scanFailure = refused }
        }
        let allTakenIn = scanEnded && backlog.items.isEmpty && backlog.events.isEmpty
        if failure == nil, scanFailure == nil, allTakenIn {
            // Ids are checked once every item is in, on threads of their own (keys first),
            // which wake the taker when they are done.
            items.startDuplicateIDCheck { [channel] in channel.wakeTaker() }
        }
        if failure != nil || (allTakenIn && (scanFailure != nil || items.duplicateIDCheckIsDone)) {
            failure = failure ?? scanFailure ?? duplicateIDError()
            isComplete = true
            channel.cancel()
        }
        guard takenItems > 0 || takenEvents > 0 || isComplete else { return false }
        sectionsAreStale = true
        return true
    }

    /// The error for the first item whose id an earlier item has, named as the whole loader
    /// names it; nil when every id is unique.
    private func duplicateIDError() -> DocumentError? {
        guard let duplicate = items.duplicateID else { return nil }
        return .schema(
            file: path, path: duplicate.later + ".id", message: "duplicate id \"\(duplicate.id)\" (also at \(duplicate.first).id)")
    }

    /// Items taken in per ``update(limit:)`` by default: one call stays within about a
    /// millisecond, so a key waits no longer (the rest waits for the next call).
    public static let itemsPerUpdate = 2_000

    /// Takes in up to `limit` items from the backlog, and the events up to where they need items
    /// not yet taken.
    private func takeBacklog(items limit: Int) -> (items: Int, events: Int) {
        var takenItems = 0
        var takenEvents = 0
        while failure == nil {
            while failure == nil, let event = backlog.events.first, Self.itemsNeeded(by: event) <= items.count {
                backlog.events.removeFirst()
                apply(event)
                takenEvents += 1
            }
            let waiting = backlog.items.count
            let records = backlog.items.takeFirst(upTo: limit - takenItems)
            guard !records.isEmpty else { break }
            let expected = bytesScanned > 0 ? Int(Double(items.count + waiting) * Double(fileSize) / Double(bytesScanned) * 1.02) : 0
            items.append(records, expectedCount: expected)
            takenItems += records.count
        }
        return (takenItems, takenEvents)
    }

    /// How many items must be taken in before `event` can be.
    private static func itemsNeeded(by event: StackScanner.Event) -> Int {
        switch event {
        case .sectionStart(let firstItem): return firstItem
        case .sectionEnd(let endItem): return endItem
        default: return 0
        }
    }

    /// Updates until `condition` holds or the scan ends, blocking (not polling) while the scan
    /// has nothing new.
    public func wait(until condition: (LazyDocument) -> Bool) {
        while true {
            let generation = channel.changes.generation
            // Nobody waits for keys here: big batches cost less in all.
            let changed = update(limit: 100_000)
            if isComplete || condition(self) {
                // The scan may have published a batch after the take-in and then said it waits
                // for input: a condition on "caught up" held for a take-in that missed it (a
                // followed stack document was taken for a tree, under load). Taken in, and the
                // condition asked again (once: an input that keeps growing never holds it here).
                if !update(limit: 100_000) || isComplete || condition(self) { return }
                continue
            }
            if !changed, !hasItemsToTakeIn {
                channel.startThreads()
                channel.changes.wait(after: generation)
            }
        }
    }

    // MARK: - Building sections

    private func apply(_ event: StackScanner.Event) {
        do {
            switch event {
            case .documentMember(let key, let value, let offset):
                try applyDocumentMember(key, try parse(value, at: offset))
            case .sectionsStart:
                sawSections = true
            case .sectionStart(let firstItem):
                sections.append(SectionDraft(firstItem: firstItem))
                items.appendSection(startingAt: firstItem)
            case .sectionMember(let key, let value, let offset):
                try applySectionMember(key, try parse(value, at: offset))
            case .itemsStart:
                sections[sections.count - 1].hasItems = true
            case .sectionEnd(let endItem):
                let index = sections.count - 1
                sections[index].endItem = endItem
                var sectionPath: String { "sections[\(index)]" }
                guard sections[index].id != nil else {
                    throw DocumentError.schema(file: self.path, path: sectionPath + ".id", message: "missing required id (a non-empty string)")
                }
                guard sections[index].hasItems else {
                    throw DocumentError.schema(file: self.path, path: sectionPath, message: "missing required field \"items\" (an array of items)")
                }
            }
        } catch let error as DocumentError {
            failure = error
        } catch {
            failure = .schema(file: path, path: "", message: "\(error)")
        }
    }

    private func parse(_ raw: [UInt8], at offset: Int) throws -> JSONValue {
        do {
            return try JSONParser.parse(raw)
        } catch {
            let start = reader.lineAndColumn(of: offset)
            let line = start.line + error.line - 1
            let column = error.line == 1 ? start.column + error.column - 1 : error.column
            throw DocumentError.malformed(file: path, JSONParseError(line: line, column: column, message: error.message))
        }
    }

    private func applyDocumentMember(_ key: String, _ value: JSONValue) throws {
        let schema = SchemaReader(file: path)
        switch key {
        case "title": built.title = try schema.optionalString(value, at: "title")
        case "pinned": built.pinned = try schema.pinnedEdges(value)
        // Targets are not checked: they may be further on. A missing one says so when pressed.
        case "shortcuts": built.shortcuts = try schema.shortcuts(value, ids: nil)
        default: break
        }
    }

    private func applySectionMember(_ key: String, _ value: JSONValue) throws {
        let schema = SchemaReader(file: path)
        let index = sections.count - 1
        var sectionPath: String { "sections[\(index)]" }
        switch key {
        case "id": sections[index].id = try schema.requiredID(value, at: sectionPath + ".id")
        case "header": sections[index].header = try schema.optionalString(value, at: sectionPath + ".header")
        case "footer": sections[index].footer = try schema.optionalString(value, at: sectionPath + ".footer")
        case "layout":
            let name = try schema.optionalString(value, at: sectionPath + ".layout") ?? "vertical"
            guard let layout = StackDocument.Layout(rawValue: name) else {
                throw DocumentError.schema(
                    file: self.path, path: sectionPath + ".layout", message: "expected \"vertical\" or \"horizontal\", found \"\(name)\"")
            }
            sections[index].layout = layout
        default: break
        }
    }

    /// The document from the drafts: vertical sections as soon as their items start (growing as
    /// they come), horizontal ones once whole (a strip is laid out from all its cards). Sections
    /// closed before the last call are as they were: only those after them are built again.
    /// - Complexity: O(sections not closed then), plus a copy of the section list when another
    ///   copy of the document shares it.
    private func rebuild() {
        sectionsAreStale = false
        built.sections.removeLast(built.sections.count - closed.built)
        for index in closed.drafts..<sections.count {
            let draft = sections[index]
            let isClosed = draft.endItem != nil
            if draft.hasItems, draft.layout == .vertical || isClosed {
                let end = draft.endItem ?? items.count
                built.sections.append(StackDocument.Section(
                    id: draft.id ?? "sections[\(index)]", header: draft.header, footer: draft.footer, layout: draft.layout,
                    items: ItemList(store: items, section: index, range: draft.firstItem..<end)))
            }
            if isClosed, closed.drafts == index {
                closed = (index + 1, built.sections.count)
            }
        }
    }
}
