import DequeModule
import Platform
import Synchronization
import StackEngine

/// Any JSON document as a tree of byte ranges: the root's children are found by one scan of the
/// file, any other container's when it is first asked for (a scan of its bytes), and a node's
/// key and value are decoded only when its row is shown. Nothing of the document is kept but
/// the child tables asked for, so a file of any size opens at the cost of its root's children.
///
/// Not thread-safe: one owner (the viewer) asks for children and bytes. Sendable (checked by
/// hand) so it can be handed to that owner.
public final class JSONTree: @unchecked Sendable {
    /// What messages call the file.
    public let name: String
    /// The root's children, or nil when the root is a scalar (then ``rootScalar``). While a
    /// background scan goes on, those found so far (``takeScanned()`` adds more).
    public private(set) var root: ChildTable?
    /// The root when it is not a container — only its first part when it is longer than
    /// ``longScalar`` (``rootScalarLength`` then says how long it is).
    public let rootScalar: JSONValue?
    /// The length in the file of a root scalar of which ``rootScalar`` is only the first part.
    public private(set) var rootScalarLength: Int?
    /// A root scalar longer than this many bytes is kept by its first part only.
    public static let longScalar = 1 << 20
    /// The file's size in bytes (what arrived so far, of a growing input).
    public var size: Int { growing?.bytesWritten ?? fixedSize }
    private let fixedSize: Int
    /// Whether the document is JSON Lines: the root is the array of its lines (its brackets are
    /// not in the file), each line a child.
    public let isJSONLines: Bool

    private let source: Source
    /// The background scan finding the root's children, until it ends.
    private var scan: TreeScan?
    /// The check of the whole file against JSON's grammar (a file read in place, not JSON
    /// Lines), until its outcome is taken.
    private var grammar: GrammarCheck?
    /// Whether the whole file was checked against JSON's grammar (a tree read whole was checked
    /// before it was made).
    public private(set) var isGrammarChecked = false
    /// The root's last child while the scan reads it (``ChildTable/lastChildIsGrowing``): its
    /// whole blocks so far, grown at each take-in; its value region's start says which child.
    private var growingChild: (valueStart: Int, table: ChildTable)?
    /// Why the scan stopped before the end (a malformed skeleton further on), once it did.
    public private(set) var scanFailure: DocumentError?
    /// Bytes the scan has read (the whole file once it ended).
    public private(set) var scannedBytes = 0
    /// Child tables of containers other than the root, by their opening bracket's offset; the
    /// oldest dropped when they hold more than `cachedChildren` children in all.
    /// Keyed by where the child's value region starts: found without reading the file.
    private var cache: [Int: ChildTable] = [:]
    private var cacheOrder: Deque<Int> = []
    private var cachedCount = 0
    /// The most children the cache holds (about 20 bytes each), a table counting as 64 more (what
    /// a table costs whatever its size: a million records of three fields opened by `zR` were
    /// all kept).
    static let cachedChildren = 1 << 20

    /// What `table` counts for in the cache.
    private static func cacheWeight(of table: ChildTable) -> Int { table.keptCount + 64 }

    /// Children a block of a big container, and the most children a container keeps whole
    /// (``ChildTable``): 20 bytes a child up to this many, 16 bytes a block beyond.
    let blockSize: Int
    let wholeChildren: Int
    /// Containers this long or longer are jumped over by a scan of their parent.
    let longContainer: Int
    /// From this child on a scan hands a container's children over a block at a time: past the
    /// children a container keeps whole, from a block's first child.
    private var blocksFrom: Int { (wholeChildren + blockSize - 1) / blockSize * blockSize }
    /// What the scans found of the containers they passed (the root's scan passes every one):
    /// where the blocks of the big ones start, and the long ones' ends and counts.
    private let passed = PassedContainers()
    /// What the scans of a container's children, and of a block of them again, read into.
    private let scanReaders = WindowReaderPool()

    private enum Source: Sendable {
        case memory([UInt8])
        case file(FileReader)
    }

    /// The tree of `bytes`, read whole (a small file, standard input, a test); `name` names it in
    /// messages.
    /// - Throws: ``DocumentError/malformed(file:_:)`` with the line and column of the first
    ///   error (the whole text is checked, as the parser checks it).
    /// `blockSize` and `wholeChildren` say when a big container keeps its children a block at a
    /// time, `longContainer` which containers a scan of their parent jumps over (tests make
    /// them small).
    public init(
        bytes: [UInt8], name: String, jsonLines: Bool = false, blockSize: Int = 1024, wholeChildren: Int = 1 << 16,
        longContainer: Int = 1 << 16
    ) throws(DocumentError) {
        growing = nil
        self.name = name
        fixedSize = bytes.count
        source = .memory(bytes)
        isJSONLines = jsonLines
        self.blockSize = blockSize
        self.wholeChildren = wholeChildren
        self.longContainer = longContainer
        if jsonLines {
            // Each line is checked when shown: a bad one is a row saying so.
            var scanner = ContainerScanner(lines: true, blockSize: blockSize)
            scanner.knownContainerBytes = longContainer
            try? Self.scan(bytes, with: &scanner)
            try? scanner.finish(at: bytes.count)
            root = scanner.table
            rootScalar = nil
            keepInBlocks()
            return
        }
        // Checked whole against the grammar, building nothing (a 4 MB file was parsed into
        // values only to be checked: 36 MB and 200 ms before the first frame); the parser runs
        // only to say what is wrong, or to read a scalar root.
        var check = JSONInputCheck()
        let valid = bytes.withUnsafeBufferPointer { check.check($0) } && check.finish() && !check.isJSONLines
        isGrammarChecked = true
        let first = bytes.drop { Self.isBlank($0) || JSONParser.byteOrderMark.contains($0) }.first
        var value: JSONValue?
        if !valid || (first != UInt8(ascii: "{") && first != UInt8(ascii: "[")) {
            try MemoryCheck.reserve(bytes.count, for: name)
            do {
                value = try JSONParser.parse(bytes)
            } catch {
                throw .malformed(file: name, error)
            }
        }
        switch value {
        case .object?, .array?, nil:
            var scanner = ContainerScanner(blockSize: blockSize)
            scanner.knownContainerBytes = longContainer
            do {
                try Self.scan(bytes, with: &scanner)
            } catch {
                throw .malformed(file: name, JSONParseError(line: 1, column: 1, message: error.message))
            }
            root = scanner.table
            rootScalar = nil
            keepInBlocks()
        case let scalar?:
            root = nil
            rootScalar = scalar
        }
    }

    /// The tree of the file at `path`, read in chunks: only the skeleton is checked here (what
    /// lies inside the root's children is checked when shown). With `waitingForAll` false the
    /// root's children are found on a background thread, and this returns with the first of
    /// them: ``takeScanned()`` takes the rest as they come.
    /// - Throws: ``DocumentError``: the file cannot be read, or its skeleton is malformed (with
    ///   the line and column) — only where the scan got to before this returned.
    public convenience init(
        path: String, waitingForAll: Bool = true, jsonLines: Bool = false, blockSize: Int = 1024,
        wholeChildren: Int = 1 << 16, longContainer: Int = 1 << 16
    ) throws(DocumentError) {
        try self.init(
            reader: try FileReader(path: path), growing: nil, waitingForAll: waitingForAll, jsonLines: jsonLines,
            blockSize: blockSize, wholeChildren: wholeChildren, longContainer: longContainer)
    }

    /// The tree of standard input streaming into `spool`, read as it arrives: the first of the
    /// root's children before this returns (or what arrived, when the input pauses), the rest
    /// by ``takeScanned()`` — until the input ends.
    /// - Throws: ``DocumentError``: the input cannot be read, or its skeleton is malformed.
    public convenience init(spool: InputSpool, jsonLines: Bool) throws(DocumentError) {
        try self.init(reader: try spool.reader(), growing: spool, waitingForAll: false, jsonLines: jsonLines)
    }

    /// The tree of `file`, followed as it grows (`--follow`): as ``init(spool:jsonLines:)``, and
    /// the scan waits at the file's end for more until it is truncated or replaced
    /// (``restartReason``).
    public convenience init(following file: GrowingFile, jsonLines: Bool) throws(DocumentError) {
        try self.init(reader: try file.reader(), growing: file, waitingForAll: false, jsonLines: jsonLines)
    }

    private init(
        reader: FileReader, growing: (any GrowingInput)?, waitingForAll: Bool, jsonLines: Bool, blockSize: Int = 1024,
        wholeChildren: Int = 1 << 16, longContainer: Int = 1 << 16
    ) throws(DocumentError) {
        name = reader.name
        fixedSize = reader.regularFileSize ?? 0
        source = .file(reader)
        isJSONLines = jsonLines
        self.growing = growing
        self.blockSize = blockSize
        self.wholeChildren = wholeChildren
        self.longContainer = longContainer
        // The first byte that is not blank, once it arrived (JSON Lines, known to be, waits for
        // nothing: a followed log truncated to empty is read again at once, its view empty).
        if !jsonLines { growing?.wait { Self.firstByte(of: reader, length: $0.bytesWritten) != nil } }
        let available = growing?.bytesWritten ?? fixedSize
        let first = jsonLines ? UInt8(ascii: "[") : Self.firstByte(of: reader, length: available)
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            // A scalar root (a number, a string): read whole when small; a long one is checked a
            // chunk at a time and only its first part kept (a 20 MB number took 1.3 GB).
            growing?.wait { _ in false }
            let length = growing?.bytesWritten ?? fixedSize
            root = nil
            if length > Self.longScalar {
                try Self.checkGrammar(
                    length: length, name: reader.name, read: { reader.bytes(at: $0.lowerBound, length: $0.count) ?? [] },
                    locate: { reader.lineAndColumn(of: $0) })
                let head = reader.bytes(at: 0, length: Self.longScalar) ?? []
                let start = head.firstIndex { !Self.isBlank($0) && !JSONParser.byteOrderMark.contains($0) } ?? 0
                rootScalar = head[start] == UInt8(ascii: "\"")
                    ? .string(Self.decodedHead(Array(head[start...]))) : .number(String(decoding: head[start...], as: UTF8.self))
                rootScalarLength = length - start
                return
            }
            let bytes = reader.bytes(at: 0, length: length) ?? []
            do {
                rootScalar = try JSONParser.parse(bytes)
            } catch {
                throw .malformed(file: reader.name, error)
            }
            return
        }
        rootScalar = nil
        root = ChildTable(isObject: first == UInt8(ascii: "{"), start: -1)
        root?.isComplete = false
        let scan = TreeScan(
            reader: reader, growing: growing, jsonLines: jsonLines, blockSize: blockSize,
            blocksFrom: blocksFrom, longContainer: longContainer)
        self.scan = scan

        // The first chunk's children (or everything; or, from a stream that pauses, what came).
        var generation = 0
        while true {
            takeScanned()
            if !isScanning || (!waitingForAll && (root?.count ?? 0) > 0) { break }
            if let growing, scannedBytes >= growing.bytesWritten { break }
            generation = scan.changes.wait(after: generation)
        }
        if let scanFailure { throw scanFailure }
    }

    /// Checks the whole document against JSON's grammar, a MiB at a time, building nothing
    /// (`JSONInputCheck`): what an export runs before it writes.
    /// - Throws: ``DocumentError/malformed(file:_:)`` where it stops being JSON.
    public func checkGrammar() throws(DocumentError) {
        waitForGrammarCheck()
        if isGrammarChecked {
            if let firstMalformed { throw .malformed(file: name, firstMalformed) }
            return
        }
        try Self.checkGrammar(
            length: size, name: name, read: { bytes(in: $0) }, locate: { lineAndColumn(of: $0) })
    }

    /// Checks a whole JSON document (not JSON Lines, whose lines are checked as they show; not
    /// an input still growing) against JSON's grammar now, unless it was: where it stops being
    /// JSON becomes ``firstMalformed``. What `render` runs before it gives an answer read from
    /// every byte, where a terminal's viewer has the check run on its own thread.
    public func checkGrammarNow() {
        waitForGrammarCheck()
        guard !isGrammarChecked, !isJSONLines, growing == nil, !isScanning else { return }
        do {
            try checkGrammar()
        } catch {
            if case .malformed(_, let located) = error, firstMalformed == nil { firstMalformed = located }
        }
        isGrammarChecked = true
    }

    /// The first `length` bytes that `read` gives checked against JSON's grammar a MiB at a
    /// time; `locate` turns an offset into a line and column for the error.
    private static func checkGrammar(
        length: Int, name: String, read: (Range<Int>) -> [UInt8], locate: (Int) -> (line: Int, column: Int)
    ) throws(DocumentError) {
        var check = JSONInputCheck()
        var offset = 0
        while offset < length, check.failure == nil {
            let bytes = read(offset..<min(length, offset + (1 << 20)))
            guard !bytes.isEmpty else { break }
            bytes.withUnsafeBufferPointer { _ = check.check($0) }
            offset += bytes.count
        }
        if check.failure == nil { check.finish() }
        guard let failure = check.failure else { return }
        let (line, column) = locate(failure.offset)
        throw .malformed(file: name, JSONParseError(line: line, column: column, message: failure.message))
    }

    /// Scans `bytes` a MiB at a time, as the background scan reads a file (the scanner keeps 4
    /// bytes of positions a byte of its chunk).
    private static func scan(_ bytes: [UInt8], with scanner: inout ContainerScanner) throws(ContainerScanner.Failure) {
        try bytes.withUnsafeBufferPointer { buffer throws(ContainerScanner.Failure) in
            var offset = 0
            repeat {
                let end = min(buffer.count, offset + (1 << 20))
                try scanner.scan(UnsafeBufferPointer(rebasing: buffer[offset..<end]), at: offset)
                offset = end
            } while offset < buffer.count
        }
    }

    /// The first byte that is not blank among the first `length`, read 64 KiB at a time.
    private static func firstByte(of reader: FileReader, length: Int) -> UInt8? {
        var offset = 0
        while offset < length {
            let bytes = reader.bytes(at: offset, length: min(length - offset, 1 << 16)) ?? []
            guard !bytes.isEmpty else { return nil }
            let text = offset == 0 ? Self.withoutByteOrderMark(bytes) : bytes[...]
            if let first = text.first(where: { !isBlank($0) }) { return first }
            offset += bytes.count
        }
        return nil
    }

    /// Whether standard input in `spool` is JSON Lines by its content: decided as soon as its
    /// first two lines are values, or at 64 KiB, or at its end.
    public static func startsLikeJSONLines(_ spool: InputSpool) -> Bool { JSONLines.startsLikeJSONLines(spool) }

    /// Whether the followed `file` is JSON Lines, by its name or its content.
    public static func startsLikeJSONLines(_ file: GrowingFile) -> Bool {
        file.path.hasSuffix(".jsonl") || file.path.hasSuffix(".ndjson") || JSONLines.startsLikeJSONLines(file)
    }

    /// The input when it grows while read (standard input, a followed file).
    private let growing: (any GrowingInput)?

    /// Whether the document is read as it arrives: from standard input, or a followed file.
    public var isGrowing: Bool { growing != nil }

    /// Why the tree must be read again from the start of its file (a followed file was
    /// truncated or replaced), once its scan ended for that reason.
    public var restartReason: String? { isScanning ? nil : (growing as? GrowingFile)?.restartReason }

    /// Why a growing input ended before its end (standard input could not be kept: a full
    /// disk), once it did: what was read stays browsable, and an export fails.
    public var inputFailure: DocumentError? { growing?.failure }

    /// What the input was before it was read as JSON: CSV, YAML, logfmt, text (made into JSON
    /// Lines as it was read), or JSON.
    public var inputFormat: InputFormat { (growing as? InputSpool)?.format ?? .json }

    /// The name of the file record `index` of the root came from, when the tree holds several
    /// files' records merged (its `_file` member, ``InputSpool/init(merging:format:)``): the
    /// last part of its path.
    public func mergedFile(ofRecord index: Int) -> String? {
        guard (growing as? InputSpool)?.isMerged == true, let root, index >= 0, index < root.count else { return nil }
        let range = valueRange(ofChild: index, in: root)
        let head = bytes(in: range.lowerBound..<min(range.upperBound, range.lowerBound + 4096))
        var name: String?
        head.withUnsafeBufferPointer { record in
            MemberScanner.forEachMember(in: record) { key, value in
                guard MemberScanner.key(record, key, is: Array(MergedFiles.fileKey.utf8)) else { return true }
                if case .string(let path)? = try? JSONParser.parse(Array(record[value])) {
                    name = String(path.split(separator: "/").last ?? Substring(path))
                }
                return false
            }
        }
        return name
    }

    /// Whether the input is kept in a temporary file as it arrives (standard input, a pipe).
    public var isSpooled: Bool { growing is InputSpool }

    /// The followed file, when the tree reads one.
    public var followedFile: GrowingFile? { growing as? GrowingFile }

    /// The tree of the JSON file at `path` unless it is a stack document (an object with
    /// `sections`, for the stack viewer) or not JSON (nil: the whole loader says why): a file smaller than
    /// `minimumLazySize` read whole and checked whole, a bigger one read in chunks with only its
    /// skeleton checked.
    /// - Throws: ``DocumentError`` when it cannot be read or is not one JSON document (JSON Lines
    ///   too: the caller's whole loader says which).
    public static func open(path: String, minimumLazySize: Int, jsonLines: Bool = false) throws(DocumentError) -> JSONTree? {
        let reader = try FileReader(path: path)
        guard let size = reader.regularFileSize else { return nil }
        if jsonLines {
            guard size >= minimumLazySize else {
                return try JSONTree(bytes: reader.bytes(at: 0, length: size) ?? [], name: path, jsonLines: true)
            }
            return try JSONTree(path: path, waitingForAll: false, jsonLines: true)
        }
        // A file that is not one document may be JSON Lines by its content: a small one when it
        // does not parse whole, a big one by its first lines.
        if size < minimumLazySize, let bytes = reader.bytes(at: 0, length: size), JSONLines.looksLikeJSONLines(bytes),
            (try? JSONParser.parse(bytes)) == nil {
            return try JSONTree(bytes: bytes, name: path, jsonLines: true)
        }
        if size >= minimumLazySize, JSONLines.startsLikeJSONLines(reader) {
            return try JSONTree(path: path, waitingForAll: false, jsonLines: true)
        }
        // What is not JSON at all is for the whole loader: it says what is wrong at the first bad
        // byte. A scalar (a number, a string) is a tree of one row.
        let head = Self.withoutByteOrderMark(reader.bytes(at: 0, length: min(size, 1 << 16)) ?? [])
        guard let first = head.first(where: { !isBlank($0) }) else { return nil }
        guard first == UInt8(ascii: "{") || first == UInt8(ascii: "[") else {
            // (Only what can start a value is read on: a file of NUL bytes is refused unread.)
            guard Array("\"-0123456789tfn".utf8).contains(first) else { return nil }
            return try? JSONTree(path: path)
        }
        let tree: JSONTree
        if size < minimumLazySize {
            guard let bytes = reader.bytes(at: 0, length: size) else {
                throw .unreadable(file: path, reason: "the file shrank while read")
            }
            tree = try JSONTree(bytes: bytes, name: path)
        } else {
            tree = try JSONTree(path: path, waitingForAll: false)
        }
        if let root = tree.root, root.isObject,
            (0..<root.count).contains(where: { tree.key(ofChild: $0, in: root) == "sections" }) {
            return nil
        }
        return tree
    }

    // MARK: - The background scan

    /// Whether byte `offset` starts a line (the file's start, or after a line feed): where `^`
    /// matches in a window of the file that starts there.
    public func startsLine(at offset: Int) -> Bool {
        offset <= 0 || bytes(in: (offset - 1)..<offset).first == UInt8(ascii: "\n")
    }

    /// Whether the root's children are still being found.
    public var isScanning: Bool { scan != nil }

    /// Whether everything there is of a growing input for now was read: the scan caught up with
    /// it and it paused (standard input left open, a followed file at its end). Whole-file work
    /// may then answer for what arrived, saying that more may come.
    public var hasReadAllThereIsNow: Bool {
        guard let growing, isScanning else { return !isScanning }
        return growing.isIdle && scannedBytes >= growing.bytesWritten
    }

    /// The bytes whose nodes are known, from the file's start: the whole input once it was read,
    /// else up to where the last child found so far ends. Work over the whole file (a search, a
    /// filter) looks at these, and waits for the scan for the rest.
    public var searchableEnd: Int {
        guard let root, !root.isComplete else { return size }
        // (A growing last child's whole blocks are known too: a match there is in one of them.)
        return max(0, root.end)
    }

    /// How much of the input was read, for a status line: `43% read`, or `12 MiB read` of an
    /// input whose size is not known.
    public var readNote: String {
        // A file made into JSON as it is read (compressed, CSV…): the part of the file taken,
        // once the scan caught up with what was made of it.
        if let spool = growing as? InputSpool, let total = spool.sourceSize, total > 0 {
            let caughtUp = scannedBytes >= spool.bytesWritten
            let taken = Double(spool.bytesTaken) * (caughtUp ? 1 : Double(scannedBytes) / Double(max(1, spool.bytesWritten)))
            return "\(min(99, Int(taken * 100 / Double(total))))% read"
        }
        if isGrowing || size == 0 { return "\(ByteCount(scannedBytes)) read" }
        return "\(min(99, scannedBytes * 100 / size))% read"
    }

    /// Readable (`poll(2)`) when the scan found more; nil when no scan runs.
    public var wakeDescriptor: Int32? { scan?.wakeDescriptor }

    /// Takes the root's children the scan found since the last call, and its end once it ended.
    /// - Returns: the indexes of the children added.
    @discardableResult
    public func takeScanned() -> Range<Int> {
        takeNewRootChildren().added
    }

    /// ``takeScanned()``, with the added children's counts (-1 for a scalar), as found, and the
    /// blocks they make summed: the outline sums their rows without finding again those in
    /// blocks.
    public func takeNewRootChildren() -> NewRootChildren {
        guard let scan, var table = root else { return NewRootChildren(added: 0..<0, childCounts: []) }
        // The table held once only, so appending does not copy it (callers let go of theirs).
        root = nil
        let found = scan.take()
        // A growing last child the scan now hands over whole (children come after it) is
        // dropped: the batches have it. It was counted before: its rows change, it is not added.
        // (The scan offers a growing child only once every child before it was handed over: a
        // batch's children start with it.)
        let before = table.count
        let grown = table.lastChildIsGrowing
        if grown, found.batches.contains(where: \.handsOverChildren) {
            table.dropGrowingChild()
            growingChild = nil
        }
        let dropped = grown && !table.lastChildIsGrowing
        // Each batch's counts, from the child they start at.
        var countRuns: [(first: Int, counts: [Int32])] = []
        for batch in found.batches {
            if table.start < 0, batch.start >= 0 {
                table = ChildTable(isObject: batch.isObject, start: batch.start)
                table.isComplete = false
            }
            countRuns.append((table.count + (batch.handedBlocks?.childCount ?? 0), batch.counts))
            table.append(contentsOf: batch, windows: blockWindows(lines: isJSONLines))
        }
        passed.keep(from: &table)
        table.moveIntoBlocks(above: wholeChildren, blockSize: blockSize, windows: blockWindows(lines: isJSONLines))
        if !found.isFinished || found.failure != nil { grow(&table, with: found.growingChild) }
        scannedBytes = found.bytesScanned
        if found.isFinished {
            self.scan = nil
            table.isComplete = found.failure == nil
            if let failure = found.failure {
                let reader: FileReader? = if case .file(let reader) = source { reader } else { nil }
                let (line, column) = reader?.lineAndColumn(of: failure.offset) ?? (1, 1)
                scanFailure = .malformed(file: name, JSONParseError(line: line, column: column, message: failure.message))
                // What was found before stays browsable; the last child ends where the scan stopped.
                table.end = max(table.end, failure.offset)
            }
        }
        root = table
        let added = before..<max(before, table.count)
        // The blocks wholly among those added: summed; the other children counted.
        let summed = NewRootChildren.groups(whollyIn: added, of: table.summedGroups)
        let summedChildren = (summed.lowerBound * blockSize)..<(summed.upperBound * blockSize)
        var counts: [Int32] = []
        counts.reserveCapacity(added.count - summedChildren.count)
        for run in countRuns {
            for (offset, count) in run.counts.enumerated()
            where added.contains(run.first + offset) && !summedChildren.contains(run.first + offset) {
                counts.append(count)
            }
        }
        if table.lastChildIsGrowing, !grown || dropped {
            // A growing child added now: its count so far.
            counts.append(Int32(clamping: table.childCount(of: table.count - 1) ?? 0))
        }
        return NewRootChildren(added: added, summedGroups: summed, childCounts: counts)
    }

    /// Adds to `table` (the root's, every child before it taken) the child the scan is reading,
    /// or grows it by the blocks it found since (`found`: nil when nothing new).
    private func grow(_ table: inout ChildTable, with found: GrowingChild?) {
        guard let found else { return }
        if growingChild?.valueStart != found.valueStart || found.firstBlock == 0 {
            // (A child handed again from its first block is the one growing, or a new one.)
            guard found.firstBlock == 0, !table.lastChildIsGrowing || growingChild?.valueStart == found.valueStart else {
                assertionFailure("a growing child's blocks are handed over from its first")
                return
            }
            growingChild = (found.valueStart, ChildTable(
                growing: found.isObject, opening: found.opening, blockSize: blockSize, windows: blockWindows(lines: false)))
        }
        guard var grown = growingChild?.table, grown.keptCount == found.firstBlock else {
            assertionFailure("a growing child's blocks are handed over in order, none twice")
            return
        }
        // (Held once only, so appending does not copy it.)
        growingChild = nil
        grown.appendBlockStarts(found.blockStarts)
        growingChild = (found.valueStart, grown)
        if table.lastChildIsGrowing {
            table.updateGrowingChild(count: grown.count, end: grown.end)
        } else {
            table.appendGrowingChild(keyStart: found.keyStart, valueStart: found.valueStart, count: grown.count, end: grown.end)
        }
    }

    /// Blocks until the scan has found every child of the root (or failed), taking them.
    public func waitForScan() {
        var generation = 0
        while let scan {
            takeScanned()
            guard self.scan != nil else { break }
            generation = scan.changes.wait(after: generation)
        }
    }

    deinit {
        scan?.cancel()
        grammar?.cancel()
    }

    /// Whether the check of the file against JSON's grammar is still running.
    public var isCheckingGrammar: Bool { grammar != nil }

    /// Readable when the grammar check ended and its outcome was not taken yet.
    public var grammarWakeDescriptor: Int32? { grammar?.wakeDescriptor }

    /// Takes the outcome of the grammar check once it ended: where the file stops being JSON
    /// becomes ``firstMalformed`` (unless a row found a fault first).
    /// - Returns: whether it ended now.
    @discardableResult
    public func takeGrammarCheck() -> Bool {
        guard let outcome = grammar?.take() else { return false }
        finishGrammarCheck(outcome)
        return true
    }

    /// Starts checking the whole file against JSON's grammar on a thread of its own, while it
    /// shows (``takeGrammarCheck()`` takes the outcome): a file read in place, not JSON Lines
    /// (each line is checked when shown: a bad one is a row saying so), not growing (its end is
    /// not known), not checked already.
    public func startGrammarCheck() {
        guard case .file(let reader) = source, growing == nil, !isJSONLines, grammar == nil, !isGrammarChecked else {
            return
        }
        grammar = GrammarCheck(reader: reader, length: fixedSize)
    }

    /// Stops the grammar check, its outcome dropped (the file changed under it).
    public func stopGrammarCheck() {
        grammar?.cancel()
        grammar = nil
    }

    /// Blocks until the whole file was checked against JSON's grammar (``takeGrammarCheck()``).
    public func waitForGrammarCheck() {
        guard let grammar else { return }
        finishGrammarCheck(grammar.wait())
    }

    private func finishGrammarCheck(_ outcome: GrammarCheck.Outcome) {
        grammar = nil
        switch outcome {
        case .valid: isGrammarChecked = true
        case .malformed(let error):
            isGrammarChecked = true
            if firstMalformed == nil { firstMalformed = error }
        case .unread: break
        }
    }

    // MARK: - Children

    /// The children of the container whose value is child `index` of `table`.
    /// - Complexity: a scan of the container's bytes the first time; while cached, O(1) and no
    ///   read of the file (a row inside a container open by default asks on every frame).
    public func children(ofChild index: Int, in table: ChildTable) -> ChildTable {
        if table.isGrowing(index) {
            // The root's last child, still read: its whole blocks so far, never cached.
            let start = table.valueStart(of: index)
            if let growingChild, growingChild.valueStart == start { return growingChild.table }
            // (An older copy of the root's table: the child was handed over whole since.)
            guard let root, index < root.count, !root.isGrowing(index), root.valueStart(of: index) == start else {
                return ChildTable()
            }
            return children(ofChild: index, in: root)
        }
        let key = table.valueRegion(of: index).lowerBound
        if let cached = cache[key] { return cached }
        let range = valueRange(ofChild: index, in: table)
        let children: ChildTable
        if let starts = passed.blockStarts(ofContainerAt: range.lowerBound), let count = table.childCount(of: index), !range.isEmpty {
            // The parent's scan kept where its blocks start: nothing to scan now.
            children = ChildTable(
                isObject: firstByte(ofChild: index, in: table) == UInt8(ascii: "{"), start: range.lowerBound,
                end: range.upperBound - 1, count: count, blockStarts: starts, blockSize: blockSize,
                windows: blockWindows(lines: false))
        } else {
            children = scanChildren(in: range)
            // A container malformed inside (JSON Lines and big files check only the skeleton):
            // its own scan finds other children than its parent's counted.
            if let counted = table.childCount(of: index), counted != children.count { countsDisagree = true }
        }
        cache[key] = children
        cacheOrder.append(key)
        cachedCount += Self.cacheWeight(of: children)
        while cachedCount > Self.cachedChildren, cacheOrder.count > 1, let oldest = cacheOrder.popFirst() {
            cachedCount -= cache.removeValue(forKey: oldest).map(Self.cacheWeight(of:)) ?? 0
        }
        return children
    }

    /// The children of the container whose bytes are `range`, found by a scan of them a MiB at a
    /// time; a big one's moved into blocks as they are found.
    private func scanChildren(in range: Range<Int>) -> ChildTable {
        var scanner = ContainerScanner(blockSize: blockSize)
        scanner.knownContainerBytes = longContainer
        scanner.blocksFrom = blocksFrom
        scanner.known = { [passed] in passed.container(at: $0) }
        var children: ChildTable?
        func add(_ batch: ChildTable) {
            if children == nil, batch.start >= 0 { children = ChildTable(isObject: batch.isObject, start: batch.start) }
            children?.append(contentsOf: batch, windows: blockWindows(lines: false))
            keepBlockStarts(of: &children)
            children?.moveIntoBlocks(above: wholeChildren, blockSize: blockSize, windows: blockWindows(lines: false))
        }
        scanReaders.withReader(making: windowReader) { reader in
            var offset = range.lowerBound
            let step = 1 << 20
            while offset < range.upperBound {
                let bytes = self.bytes(in: offset..<min(range.upperBound, offset + step), readBy: reader)
                guard !bytes.isEmpty else { break }
                // The skeleton was checked when the parent was scanned.
                try? scanner.scan(bytes, at: offset)
                offset = scanner.takeJump() ?? offset + bytes.count
                add(scanner.takeChildren())
            }
        }
        add(scanner.takeChildren(all: true))
        guard var children else { return scanner.table }
        children.end = scanner.table.end
        return children
    }

    /// What finds a block of a big container's children again: a scan of its bytes.
    private func blockWindows(lines: Bool) -> BlockWindows {
        let readers = scanReaders
        let source = source
        let blockSize = blockSize
        let passed = passed
        let longContainer = longContainer
        return BlockWindows { isObject, range, first in
            var scanner = ContainerScanner(childrenOf: isObject, from: range.lowerBound, first: first, lines: lines, blockSize: blockSize)
            scanner.knownContainerBytes = longContainer
            scanner.known = { passed.container(at: $0) }
            readers.withReader(making: { Self.windowReader(of: source) }) { reader in
                var offset = range.lowerBound
                let step = 1 << 20
                while offset < range.upperBound, let bytes = reader.bytes(in: offset..<min(range.upperBound, offset + step)) {
                    try? scanner.scan(bytes, at: offset)
                    offset = scanner.takeJump() ?? offset + bytes.count
                }
            }
            return scanner.table
        }
    }

    /// Moves the root's children into blocks when there are many, and keeps where the blocks of
    /// the big containers inside them start.
    private func keepInBlocks() {
        keepBlockStarts(of: &root)
        root?.moveIntoBlocks(above: wholeChildren, blockSize: blockSize, windows: blockWindows(lines: isJSONLines))
    }

    /// Moves what a scan found of the containers it passed out of `table`, into `passed`.
    private func keepBlockStarts(of table: inout ChildTable?) {
        guard table != nil else { return }
        passed.keep(from: &table!)
    }

    /// The child that `index` names in `table` (counted from its end when negative, as jq's
    /// `.[-1]`), or nil when it has no such child. An end not known yet — a container still
    /// read — names nothing: the last child so far is not the last. (Of input that paused, the
    /// root's last child that arrived is: what arrived is answered for.)
    public func child(atIndex index: Int, in table: ChildTable) -> Int? {
        if index < 0, !table.isComplete, isScanning, !(hasReadAllThereIsNow && table.start == root?.start) { return nil }
        let resolved = index < 0 ? table.count + index : index
        return (0..<table.count).contains(resolved) ? resolved : nil
    }

    /// The bytes of child `index`'s value, without the blanks and comma around it.
    public func valueRange(ofChild index: Int, in table: ChildTable) -> Range<Int> {
        trimmed(table.valueRegion(of: index), droppingComma: index + 1 < table.count || !table.isComplete)
    }

    /// The first byte of child `index`'s value: `{` or `[` for a container.
    public func firstByte(ofChild index: Int, in table: ChildTable) -> UInt8 {
        let range = valueRange(ofChild: index, in: table)
        return range.isEmpty ? 0 : bytes(in: range.lowerBound..<(range.lowerBound + 1)).first ?? 0
    }

    /// Child `index`'s key (objects), decoded; nil in an array or when the key is malformed.
    public func key(ofChild index: Int, in table: ChildTable) -> String? {
        guard let region = table.keyRegion(of: index), region.count >= 2 else { return nil }
        // The region runs from the opening quote to the colon: drop the colon and blanks.
        let text = bytes(in: trimmed(region.lowerBound..<(region.upperBound - 1), droppingComma: false))
        guard case .string(let key)? = try? JSONParser.parse(text) else { return nil }
        return key
    }

    /// Child `index`'s value decoded, when it is a scalar (a container's children are read with
    /// ``children(ofChild:in:)``).
    /// - Throws: ``JSONParseError`` with the line and column in the file when it is malformed.
    public func scalar(ofChild index: Int, in table: ChildTable) throws(JSONParseError) -> JSONValue {
        let range = valueRange(ofChild: index, in: table)
        do {
            return try JSONParser.parse(bytes(in: range))
        } catch {
            let located = locate(error, at: range.lowerBound)
            // (JSON Lines: a bad line is a row of its own, not a malformed file; a value the
            // file no longer has is not malformed either.)
            if !isJSONLines, firstMalformed == nil, !endsBefore(range.upperBound) { firstMalformed = located }
            throw located
        }
    }

    /// Whether the file now ends before `offset`: it shrank while open, and what was read of it
    /// past its new end is gone.
    public func endsBefore(_ offset: Int) -> Bool {
        guard case .file(let reader) = source, let size = reader.regularFileSize else { return false }
        return size < offset
    }

    /// Whether a container's own scan found another number of children than its parent's scan
    /// counted (it is malformed inside): the outline's row counts are then its parent's guess.
    public private(set) var countsDisagree = false

    /// The first value a row found malformed (inside a big file only the skeleton is checked
    /// before a row shows what is inside), for the viewer to say where.
    public private(set) var firstMalformed: JSONParseError?

    /// The first characters of child `index`'s value when it is a string: its first `limit`
    /// bytes decoded (a string longer than that is not read further), whether that is all of
    /// it, and its length in the file (quotes and escapes included); nil when it is no string,
    /// or one read whole that is malformed (the parser checks it, as it checks any scalar).
    public func stringHead(ofChild index: Int, in table: ChildTable, bytes limit: Int) -> (text: String, isWhole: Bool, length: Int)? {
        stringHead(in: valueRange(ofChild: index, in: table), bytes: limit)
    }

    /// Child `index`'s key (objects) as ``stringHead(ofChild:in:bytes:)`` reads a string: its
    /// first `limit` bytes decoded, whether that is all of it, and its length in the file — a
    /// key of megabytes is shown by its first part and its length, never decoded whole.
    public func keyHead(ofChild index: Int, in table: ChildTable, bytes limit: Int) -> (text: String, isWhole: Bool, length: Int)? {
        guard let region = table.keyRegion(of: index), region.count >= 2 else { return nil }
        // The region runs from the opening quote to the colon: drop the colon and blanks.
        return stringHead(in: trimmed(region.lowerBound..<(region.upperBound - 1), droppingComma: false), bytes: limit)
    }

    /// Child `index`'s value when it is a scalar, as ``scalar(ofChild:in:)`` — but a number
    /// longer than `limit` bytes is only its first `limit` digits (not read further), with
    /// whether that is all of it and its length in the file.
    /// - Throws: ``JSONParseError`` with the line and column in the file when it is malformed.
    public func scalarHead(ofChild index: Int, in table: ChildTable, bytes limit: Int) throws(JSONParseError) -> (value: JSONValue, isWhole: Bool, length: Int) {
        let range = valueRange(ofChild: index, in: table)
        guard range.count > limit else { return (try scalar(ofChild: index, in: table), true, range.count) }
        let head = bytes(in: range.lowerBound..<(range.lowerBound + limit))
        guard let first = head.first, first == UInt8(ascii: "-") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else {
            return (try scalar(ofChild: index, in: table), true, range.count)
        }
        return (.number(String(decoding: head, as: UTF8.self)), false, range.count)
    }

    /// The string whose text (quotes included) is `range`, as ``stringHead(ofChild:in:bytes:)``.
    private func stringHead(in range: Range<Int>, bytes limit: Int) -> (text: String, isWhole: Bool, length: Int)? {
        let head = bytes(in: range.lowerBound..<min(range.upperBound, range.lowerBound + 1 + limit))
        guard head.first == UInt8(ascii: "\""), range.count >= 2 else { return nil }
        let isWhole = range.count <= limit + 2
        if isWhole {
            // Checked as any scalar is: a malformed one is nil here, and its row says what is wrong.
            guard case .string(let text)? = try? JSONParser.parse(head) else { return nil }
            return (text, true, range.count)
        }
        return (Self.decodedHead(head), false, range.count)
    }

    /// The text of the start of a string (`head` from its opening quote), escapes decoded, a
    /// character cut at the end dropped (not shown as U+FFFD).
    private static func decodedHead(_ head: [UInt8]) -> String {
        var decoded: [UInt8] = []
        head.withUnsafeBytes { raw in
            let inside = UnsafeRawBufferPointer(rebasing: raw[1...])
            JSONUnescaping.unescape(inside, into: &decoded)
        }
        var end = decoded.count
        while end > 0, decoded[end - 1] & 0xC0 == 0x80 { end -= 1 }
        if end > 0, decoded[end - 1] >= 0xC0 { decoded.removeLast(decoded.count - end + 1) }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The bytes in `range`; none when the file no longer has them all (it shrank: then
    /// ``hasShrunk`` says so from now on).
    public func bytes(in range: Range<Int>) -> [UInt8] {
        let bytes = Self.bytes(in: range, of: source)
        if bytes.isEmpty, !range.isEmpty, range.lowerBound >= 0 { readCameBackShort.store(true, ordering: .relaxed) }
        return bytes
    }

    /// Whether a read came back short: the file may have shrunk while open, and what it had past
    /// its new end is gone (``endsBefore(_:)`` says which values).
    public var hasShrunk: Bool { readCameBackShort.load(ordering: .relaxed) }
    private let readCameBackShort = Atomic<Bool>(false)

    /// A reader of windows of the text into a buffer it keeps, for any one thread: the source
    /// never changes.
    func windowReader() -> WindowReader { Self.windowReader(of: source) }

    private static func windowReader(of source: Source) -> WindowReader {
        WindowReader { range, buffer in
            let range = max(0, range.lowerBound)..<max(0, range.upperBound)
            switch source {
            case .memory(let bytes):
                guard range.upperBound <= bytes.count else { return false }
                bytes[range].withUnsafeBytes { buffer.copyMemory(from: $0) }
                return true
            case .file(let reader):
                return reader.fill(UnsafeMutableRawBufferPointer(rebasing: buffer[..<range.count]), at: range.lowerBound)
            }
        }
    }

    /// The bytes of `range` read by `reader` (valid until its next read): none when the text no
    /// longer has them all, a short read noted as ``bytes(in:)`` notes it.
    func bytes(in range: Range<Int>, readBy reader: WindowReader) -> UnsafeBufferPointer<UInt8> {
        if let bytes = reader.bytes(in: range) { return bytes }
        if !range.isEmpty, range.lowerBound >= 0 { readCameBackShort.store(true, ordering: .relaxed) }
        return UnsafeBufferPointer(start: nil, count: 0)
    }

    private static func bytes(in range: Range<Int>, of source: Source) -> [UInt8] {
        // (Nothing before the file's start: a JSON Lines root has no opening bracket in it.)
        let range = max(0, range.lowerBound)..<max(0, range.upperBound)
        switch source {
        case .memory(let bytes):
            return Array(bytes[min(range.lowerBound, bytes.count)..<min(range.upperBound, bytes.count)])
        case .file(let reader):
            return reader.bytes(at: range.lowerBound, length: range.count) ?? []
        }
    }

    /// The 1-based line and column of byte `offset`: in JSON Lines from the line its record is
    /// on, which the scan counted; else counted from the nearest line start already passed
    /// (`lineStarts`), so that the rows of a screen, or an export's every bad record, do not
    /// each read the file from its start.
    public func lineAndColumn(of offset: Int) -> (line: Int, column: Int) {
        let offset = max(0, offset)
        if let place = placeInRecord(of: offset) { return place }
        switch source {
        case .memory(let bytes):
            var line = 1, column = 1
            for byte in bytes[0..<min(offset, bytes.count)] {
                if byte == 0x0A { (line, column) = (line + 1, 1) } else if byte & 0xC0 != 0x80 { column += 1 }
            }
            return (line, column)
        case .file:
            let known = lineStarts.withLock { starts in starts.last { $0.offset <= offset } } ?? (offset: 0, line: 1)
            var line = known.line, column = 1, position = known.offset, lastStart = known.offset
            var passed: [(offset: Int, line: Int)] = []
            while position < offset {
                let chunk = bytes(in: position..<min(offset, position + (1 << 20)))
                guard !chunk.isEmpty else { break }
                for (index, byte) in chunk.enumerated() {
                    if byte == 0x0A {
                        (line, column) = (line + 1, 1)
                        if position + index + 1 - lastStart >= Self.lineStartSpacing {
                            lastStart = position + index + 1
                            passed.append((lastStart, line))
                        }
                    } else if byte & 0xC0 != 0x80 {
                        column += 1
                    }
                }
                position += chunk.count
            }
            if !passed.isEmpty {
                lineStarts.withLock { starts in
                    starts.append(contentsOf: passed)
                    starts.sort { $0.offset < $1.offset }
                }
            }
            return (line, column)
        }
    }

    /// Line starts passed while counting lines, at least this far apart: where the next count
    /// starts from.
    static let lineStartSpacing = 1 << 20
    private let lineStarts = Locked<[(offset: Int, line: Int)]>([])

    /// In JSON Lines, the line and column of `offset` inside a record: the record's line as the
    /// scan counted it, the column counted from that line's start; nil elsewhere (a record of
    /// over a MiB, a line start further back than 256 blanks).
    private func placeInRecord(of offset: Int) -> (line: Int, column: Int)? {
        guard isJSONLines, let root, root.count > 0 else { return nil }
        let index = root.index(ofChildContaining: offset)
        guard index >= 0, index < root.count else { return nil }
        let start = root.valueStart(of: index)
        guard start <= offset, offset - start <= 1 << 20 else { return nil }
        let before = bytes(in: max(0, start - 256)..<start)
        let lineStart: Int
        if let feed = before.lastIndex(of: 0x0A) {
            lineStart = start - before.count + feed + 1
        } else if start - before.count == 0 {
            lineStart = 0
        } else {
            return nil
        }
        let text = bytes(in: lineStart..<offset)
        guard text.count == offset - lineStart, !text.contains(0x0A) else { return nil }
        return (root.lineNumber(of: index), 1 + text.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) })
    }

    /// An error of the parser run on a value at `offset`, moved to the value's place in the file.
    func locate(_ error: JSONParseError, at offset: Int) -> JSONParseError {
        let (line, column) = lineAndColumn(of: offset)
        return JSONParseError(
            line: line + error.line - 1, column: error.line == 1 ? column + error.column - 1 : error.column,
            message: error.message)
    }

    /// `range` without blanks at either end (and a trailing comma, when `droppingComma`), read a
    /// few bytes at a time from each end. A read that comes back short (the file shrank under
    /// it) ends the trim there: the range is what it is, and reading it says the file changed.
    private func trimmed(_ range: Range<Int>, droppingComma: Bool) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        let window = 64
        scan: while lower < upper {
            let chunk = bytes(in: lower..<min(upper, lower + window))
            guard !chunk.isEmpty else { break }
            for byte in chunk {
                guard Self.isBlank(byte) else { break scan }
                lower += 1
            }
        }
        var comma = droppingComma
        scan: while upper > lower {
            let chunk = bytes(in: max(lower, upper - window)..<upper)
            guard !chunk.isEmpty else { break }
            for byte in chunk.reversed() {
                if comma, byte == UInt8(ascii: ",") {
                    comma = false
                } else if !Self.isBlank(byte) {
                    break scan
                }
                upper -= 1
            }
        }
        return lower..<upper
    }

    /// `bytes` from the file's start without a byte order mark before the document.
    private static func withoutByteOrderMark(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
        bytes.starts(with: JSONParser.byteOrderMark) ? bytes[3...] : bytes[...]
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
