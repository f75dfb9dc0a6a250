import CJSONIndex

/// A resumable scan of one JSON container's bytes that finds its children (``ChildTable``)
/// without decoding anything: the first stage (`tstack_index_json_separators`) finds the
/// quotes, brackets, commas and colons, and this walks those positions keeping the depth. Bytes
/// are fed in chunks of any size, a boundary anywhere.
///
/// Only the skeleton is checked (brackets match, something closes what opened); a scalar is
/// checked when its row is shown.
struct ContainerScanner {
    /// Malformed structure: where (a byte offset) and what was expected.
    struct Failure: Error, Equatable, Sendable {
        var offset: Int
        var message: String
    }

    /// The children found so far.
    private(set) var table = ChildTable(isObject: false, start: -1)
    /// Whether the container closed.
    var isComplete: Bool { table.end >= 0 }

    /// Depth below the container: 0 before its opening bracket, 1 among its children.
    private var depth = 0
    private var insideString = false
    /// Brackets opened and not closed, to check each closing one.
    private var open: [UInt8] = []
    /// An object's next quote at depth 1 starts a key.
    private var expectingKey = false
    /// An array's child region being read: whether anything but blanks was seen in it.
    private var regionStart = -1
    private var regionHasContent = false
    private var regionAdded = false
    private var childOpenedAt = -1
    /// The child container being read at depth 2: its separators and whether it has content.
    private var childCommas: Int32 = 0
    private var childHasContent = false
    private var indexState = tstack_index_state(in_string: 0, escaped: 0)
    private var positions: [UInt32] = []
    /// Where the children of a run of scalars start (`scalarRun`), before they join `table`.
    private var runStarts: [Int] = []

    /// Children a block of a big container (`ChildBlocks`): where the children of a container
    /// inside the children with more than this many start, a block at a time, is kept in
    /// `ChildTable/containerBlockStarts`.
    let blockSize: Int
    private let blockMask: Int
    /// The containers being read inside a child (depth 2 and deeper), outermost first.
    private var levels: [Level] = []
    /// Where each block of their children starts: theirs from `firstStart` on.
    private var pendingBlockStarts: [Int] = []

    private struct Level {
        var opening: Int
        var commas = 0
        var firstStart: Int
        /// Jumped over (known already): nothing to record when it closes.
        var isKnown = false
    }

    /// Of the child being read when it is a container with more than a block of children (the
    /// root's last child of a GeoJSON file, `features`): where it opens, and how many of its
    /// block starts were handed over (``takeGrowingChild()``).
    private var growingOpening = -1
    private var growingStartsHanded = 0

    /// Containers this many bytes long or longer are kept in `ChildTable/knownContainers`.
    var knownContainerBytes = 1 << 16
    /// Containers a scan before this one found (their ends and counts): a child that is one is
    /// not read again, the scan jumps to its end (`takeJump()`).
    var known: @Sendable (Int) -> KnownContainer? = { _ in nil }
    /// Where the caller is to go on feeding bytes from, after a jump over a known child.
    private var jump: Int?

    /// From this child on, children are handed over a block at a time (``takeChildren(all:)``
    /// gives ``ChildTable/handedBlocks``: where each block starts and the rows its children make
    /// open, not each child): a multiple of `blockSize`; never by default.
    var blocksFrom = Int.max {
        didSet { precondition(blocksFrom % blockSize == 0, "blocks are handed over from a block's first child") }
    }

    /// Whether the bytes are JSON Lines: one container of all the lines, each line a child
    /// (blank lines skipped), a bad line a child of its own that never stops the scan.
    let isLines: Bool
    /// JSON Lines: the line being read, and how many children were taken from the table.
    private var line = 1
    private var taken = 0
    private var lineIsBad = false
    /// Where the line's container closed.
    private var containerClosedAt = -1

    /// A scan of one container's bytes, or with `lines` of JSON Lines.
    init(lines: Bool = false, blockSize: Int = 1024) {
        precondition(blockSize > 0 && blockSize & (blockSize - 1) == 0, "a block size is a power of two")
        isLines = lines
        self.blockSize = blockSize
        blockMask = blockSize - 1
        guard lines else { return }
        table = ChildTable(isObject: false, start: -1)
        open = [UInt8(ascii: "[")]
        depth = 1
        startRegion(at: 0)
    }

    /// A scan of some of a container's children, from `offset` (where child `first`'s text
    /// starts: its key's quote or the byte after a separator) on: a block of a big container
    /// found again.
    init(childrenOf isObject: Bool, from offset: Int, first: Int, lines: Bool, blockSize: Int) {
        precondition(blockSize > 0 && blockSize & (blockSize - 1) == 0, "a block size is a power of two")
        isLines = lines
        self.blockSize = blockSize
        blockMask = blockSize - 1
        table = ChildTable(isObject: isObject, start: offset - 1)
        open = [UInt8(ascii: isObject ? "{" : "[")]
        depth = 1
        taken = first
        expectingKey = isObject
        if !isObject { startRegion(at: offset) }
    }

    /// Scans `chunk`, the file's bytes from `offset`.
    mutating func scan(_ chunk: UnsafeBufferPointer<UInt8>, at offset: Int) throws(Failure) {
        guard let base = chunk.baseAddress else { return }
        // A UTF-8 byte order mark before the document is no part of it (RFC 8259 allows ignoring it).
        if offset == 0, table.start < 0, chunk.starts(with: JSONParser.byteOrderMark) {
            if isLines { startRegion(at: 3) }
            return try scan(UnsafeBufferPointer(rebasing: chunk[3...]), at: 3)
        }
        JSONIndexPositions.ensureRoom(in: &positions, for: chunk.count)
        let found = positions.withUnsafeMutableBufferPointer { buffer in
            isLines
                ? tstack_index_json_lines(base, chunk.count, &indexState, buffer.baseAddress!)
                : tstack_index_json_separators(base, chunk.count, &indexState, buffer.baseAddress!)
        }
        var scanned = 0
        let jumped = try positions.withUnsafeBufferPointer { positions throws(Failure) -> Bool in
            var k = 0
            while k < found {
                let local = Int(positions[k])
                let byte = base[local]
                // The hot path: inside a child (depth 2, its content already seen) or deeper,
                // a string's contents and a colon change nothing (a string's closing quote is the
                // next position); a comma counts a child of the container it is in.
                if depth >= 2, !insideString, depth > 2 || childHasContent {
                    switch byte {
                    case UInt8(ascii: "\""):
                        if k + 1 < found {
                            scanned = Int(positions[k + 1]) + 1
                            k += 2
                        } else {
                            insideString = true
                            scanned = local + 1
                            k += 1
                        }
                        continue
                    case UInt8(ascii: ":"):
                        scanned = local + 1
                        k += 1
                        continue
                    case UInt8(ascii: ","):
                        countComma(at: offset + local)
                        scanned = local + 1
                        k += 1
                        continue
                    default:
                        break
                    }
                }
                // An array's scalars one after another: a walk of their own.
                if depth == 1, !isLines, !insideString, !table.isObject, !regionAdded,
                    byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") {
                    let next = scalarRun(from: k, of: found, positions: positions, chunk: chunk, at: offset)
                    if next > k {
                        scanned = Int(positions[next - 1]) + 1
                        k = next
                        continue
                    }
                }
                if depth == 0 {
                    try checkBlank(chunk, from: scanned, to: local, at: offset)
                    if isComplete { throw Failure(offset: offset + local, message: "expected the end of the input") }
                }
                scanned = local + 1
                try step(byte, at: offset + local, chunk: chunk, chunkOffset: offset)
                // A known child jumped over: the rest of the chunk is not this scan's.
                if jump != nil { return true }
                k += 1
            }
            return false
        }
        if jumped { return }
        if depth == 0 { try checkBlank(chunk, from: scanned, to: chunk.count, at: offset) }
        // A scalar with no separator yet (in an array, or a child array's only element) shows
        // only as bytes: look at those since the last position.
        if isLines, depth == 1, textAfterContainer(chunk, chunkOffset: offset, to: chunk.count) { lineIsBad = true }
        if depth == 1, !table.isObject, !regionHasContent {
            regionHasContent = hasContent(chunk, from: max(regionStart, offset) - offset, to: chunk.count)
        }
        if depth == 2, !childHasContent {
            childHasContent = hasContent(chunk, from: scanned, to: chunk.count)
        }
    }

    /// The children found so far but the last (whose size may still grow) — or every one, `all`,
    /// once the scan ended — moved out of `table` into a table of their own, whose `end` is
    /// where the last one taken ends (-1 when none was). A scan on a background thread hands
    /// them over this way, keeping nothing twice.
    ///
    /// From child ``blocksFrom`` on, only whole blocks are handed over while the scan goes on,
    /// summed (``ChildTable/handedBlocks``), then what is left once it ended: a big container's
    /// children cost the hand-over a block each, not a child each.
    ///
    /// `caughtUp` (the input paused, or the scan failed) hands over every child but the last
    /// (every one with `all`) even beyond a block: a block after them starts again once the
    /// whole children reach a block's first child.
    mutating func takeChildren(all: Bool = false, caughtUp: Bool = false) -> ChildTable {
        var taken = ChildTable(isObject: table.isObject, start: table.start)
        // JSON Lines between lines: the last line ended too (a followed log shows its last line).
        let linesEnded = isLines && depth == 1 && !regionAdded && !all
        // (Once the container closed, its last child is whole too: a followed file's `]`.)
        let ended = all || linesEnded || isComplete
        var count = ended ? table.valueStarts.count : table.valueStarts.count - 1
        var blocked = 0
        if self.taken < blocksFrom || self.taken % blockSize != 0 {
            // Whole children up to where blocks are handed over (all of them once ended; JSON
            // Lines followed hands over its last line, and its next block starts after).
            let boundary = max(blocksFrom, (self.taken + blockSize - 1) / blockSize * blockSize)
            if !ended { count = min(count, boundary - self.taken) }
        } else {
            // Whole blocks, the last child (at least) kept whole, as `ChildTable` keeps it.
            blocked = max(0, table.valueStarts.count - 1) / blockSize
            if !ended, !caughtUp { count = blocked * blockSize }
        }
        guard count > 0 else {
            // Nothing left, but where the input ended (JSON Lines: its last line was taken).
            if all { taken.end = table.end }
            return taken
        }
        if blocked > 0 {
            taken.handedBlocks = ChildTable.summedBlocks(
                blocked, of: blockSize, starts: table.isObject ? table.keyStarts : table.valueStarts, counts: table.counts)
        }
        let first = blocked * blockSize
        taken.end = count < table.valueStarts.count
            ? (table.isObject ? table.keyStarts[count] : table.valueStarts[count] - 1)
            : linesEnded ? regionStart - 1 : table.end
        taken.keyStarts = table.isObject ? Array(table.keyStarts[first..<count]) : []
        taken.valueStarts = Array(table.valueStarts[first..<count])
        taken.counts = Array(table.counts[first..<count])
        taken.lineSteps = table.lineSteps
        table.lineSteps = []
        taken.containerBlockStarts = table.containerBlockStarts
        table.containerBlockStarts = [:]
        taken.knownContainers = table.knownContainers
        table.knownContainers = [:]
        if table.isObject { table.keyStarts.removeFirst(count) }
        table.valueStarts.removeFirst(count)
        table.counts.removeFirst(count)
        self.taken += count
        return taken
    }

    /// The child being read — a container not closed yet — while every child before it was
    /// taken (``takeChildren(all:caughtUp:)``) and it has a whole block of children: where its
    /// key and value start, and where its blocks start that were not handed over before (its
    /// first block's start the first time). A tree shows its whole blocks while the scan goes
    /// on: a GeoJSON file's features show before the scan reaches their end. Nil otherwise
    /// (JSON Lines: its lines are the children).
    mutating func takeGrowingChild() -> GrowingChild? {
        // (Its block starts are the pending ones up to those of the container inside it.)
        let level = levels.first
        let starts = level.map { pendingBlockStarts[$0.firstStart..<(levels.count > 1 ? levels[1].firstStart : pendingBlockStarts.count)] }
        guard !isLines, depth >= 2, let level, let starts, !starts.isEmpty, !level.isKnown, table.valueStarts.count == 1 else {
            // (What is handed next starts again from its first block.)
            growingOpening = -1
            return nil
        }
        if growingOpening != level.opening {
            growingOpening = level.opening
            growingStartsHanded = 0
        }
        let first = growingStartsHanded
        // Block k starts at the k-th of `[opening + 1] + starts`; the last known start ends the
        // last whole block.
        var new = growingStartsHanded == 0 ? [level.opening + 1] : []
        new += starts.dropFirst(max(0, growingStartsHanded - 1))
        growingStartsHanded = starts.count + 1
        return GrowingChild(
            keyStart: table.isObject ? table.keyStarts[0] : nil, valueStart: table.valueStarts[0], opening: level.opening,
            isObject: open[1] == UInt8(ascii: "{"), firstBlock: first, blockStarts: new)
    }

    /// Walks the separators of an array's children from position `k` on while they are scalars
    /// (a comma after each; a string's two quotes before it), as `step` would, in C
    /// (`tstack_walk_scalar_children`): each child added with its region's start. Stops at
    /// anything else (a bracket, the chunk's end inside a string) for `step` to take.
    /// - Returns: the first position not taken.
    @inline(never)  // (Inlined, it slowed the walk of nested containers by a fifth.)
    private mutating func scalarRun(
        from k: Int, of found: Int, positions: UnsafeBufferPointer<UInt32>, chunk: UnsafeBufferPointer<UInt8>,
        at offset: Int
    ) -> Int {
        if runStarts.isEmpty { runStarts = [Int](repeating: 0, count: Self.runLength) }
        var region = tstack_array_region(start: Int64(regionStart), has_content: regionHasContent ? 1 : 0)
        var next = k
        while true {
            // A run at most `runLength` separators long at a time (a string's quote at its end
            // is left to `step`, as at a chunk's end).
            let end = min(found, next + Self.runLength)
            var written = 0
            let stopped = runStarts.withUnsafeMutableBufferPointer { starts in
                starts.withMemoryRebound(to: Int64.self) { starts in
                    tstack_walk_scalar_children(
                        chunk.baseAddress, Int64(offset), positions.baseAddress, next, end, &region, starts.baseAddress, &written)
                }
            }
            table.valueStarts.append(contentsOf: runStarts[..<written])
            table.counts.append(contentsOf: repeatElement(-1, count: written))
            next = stopped
            guard stopped == end, end < found else { break }
        }
        regionStart = Int(region.start)
        regionHasContent = region.has_content != 0
        return next
    }

    /// The most separators `scalarRun` walks in one call (its starts' buffer: 32 KiB).
    private static let runLength = 4096

    /// Says the input ended.
    mutating func finish(at offset: Int) throws(Failure) {
        if isLines {
            // The last line, without a line feed after it.
            if depth == 1, regionHasContent { addArrayChild() }
            if (depth > 1 || lineIsBad), regionAdded { table.counts[table.counts.count - 1] = -1 }
            table.end = offset
            return
        }
        guard isComplete else {
            throw Failure(offset: offset, message: depth == 0 ? "expected an object or an array" : "expected '\(open.last == UInt8(ascii: "{") ? "}" : "]")'")
        }
    }

    private mutating func step(
        _ byte: UInt8, at position: Int, chunk: UnsafeBufferPointer<UInt8>, chunkOffset: Int
    ) throws(Failure) {
        if insideString {
            if byte == UInt8(ascii: "\"") { insideString = false }
            return
        }
        if isLines, let handled = try stepInLines(byte, at: position, chunk: chunk, chunkOffset: chunkOffset), handled {
            return
        }
        switch byte {
        case UInt8(ascii: "\""):
            insideString = true
            if depth == 1 {
                if table.isObject {
                    guard expectingKey else { return }
                    table.keyStarts.append(position)
                    expectingKey = false
                } else {
                    regionHasContent = true
                }
            } else if depth == 2 {
                childHasContent = true
            }
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            if depth == 0 && table.start < 0 {
                table = ChildTable(isObject: byte == UInt8(ascii: "{"), start: position)
                expectingKey = table.isObject
                if !table.isObject { startRegion(at: position + 1) }
            } else if depth == 1 {
                // JSON Lines: a line with something before its bracket is no container (it shows
                // as the error it is).
                if isLines, !regionHasContent, hasContent(chunk, from: regionStart - chunkOffset, to: position - chunkOffset) {
                    lineIsBad = true
                }
                if table.isObject {
                    guard table.counts.count == table.keyStarts.count, !table.counts.isEmpty else {
                        throw Failure(offset: position, message: "expected a key")
                    }
                } else {
                    regionHasContent = true
                    addArrayChild()
                }
                table.counts[table.counts.count - 1] = 0
                childOpenedAt = position
                childCommas = 0
                childHasContent = false
            } else if depth == 2 {
                childHasContent = true
            }
            if depth >= 1 {
                levels.append(Level(opening: position, firstStart: pendingBlockStarts.count))
            }
            open.append(byte)
            depth += 1
            if depth == 2, let known = known(position) {
                // Its count is known: on at its closing bracket, as if its commas had been read.
                childCommas = Int32(known.count - 1)
                childHasContent = true
                levels[0].commas = known.count - 1
                levels[0].isKnown = true
                jump = known.end
                indexState = tstack_index_state(in_string: 0, escaped: 0)
            }
        case UInt8(ascii: "}"), UInt8(ascii: "]"):
            let opener: UInt8 = byte == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "[")
            guard open.last == opener else {
                throw Failure(offset: position, message: open.isEmpty ? "unexpected '\(Character(Unicode.Scalar(byte)))'" : "expected '\(open.last == UInt8(ascii: "{") ? "}" : "]")'")
            }
            open.removeLast()
            depth -= 1
            if depth >= 1 { closeLevel(at: position) }
            if depth == 1 {
                containerClosedAt = position
                if !childHasContent {
                    childHasContent = hasContent(chunk, from: childOpenedAt + 1 - chunkOffset, to: position - chunkOffset)
                }
                closeChildContainer()
            } else if depth == 0 {
                try closeChild(at: position, chunk: chunk, chunkOffset: chunkOffset)
                table.end = position
            }
        case UInt8(ascii: ","):
            if depth == 1 {
                try closeChild(at: position, chunk: chunk, chunkOffset: chunkOffset)
                if table.isObject {
                    expectingKey = true
                } else {
                    startRegion(at: position + 1)
                }
            } else if depth >= 2 {
                countComma(at: position)
                if depth == 2 { childHasContent = true }
            }
        case UInt8(ascii: ":"):
            if depth == 1, table.isObject {
                // A member's value only after its key (`{1: 1}` has none).
                guard table.keyStarts.count == table.valueStarts.count + 1 else {
                    throw Failure(offset: position, message: "expected a string key before ':'")
                }
                table.valueStarts.append(position + 1)
                table.counts.append(-1)
            }
        default:
            break
        }
    }

    /// JSON Lines: a line feed ends a line (and whatever it left open: a bad line ends there
    /// too); at a line's top level a separator or a stray closing bracket is only content.
    /// - Returns: true when the byte was handled here.
    private mutating func stepInLines(
        _ byte: UInt8, at position: Int, chunk: UnsafeBufferPointer<UInt8>, chunkOffset: Int
    ) throws(Failure) -> Bool? {
        switch byte {
        case UInt8(ascii: "\n"):
            if depth == 1, textAfterContainer(chunk, chunkOffset: chunkOffset, to: position - chunkOffset) {
                lineIsBad = true
            }
            if depth > 1 {
                // A line that leaves a bracket open is bad.
                depth = 1
                open.removeLast(open.count - 1)
                levels.removeAll()
                pendingBlockStarts.removeAll()
                lineIsBad = true
            }
            try closeChild(at: position, chunk: chunk, chunkOffset: chunkOffset)
            // A bad line is a scalar to the tree: its row parses it and says what is wrong.
            if lineIsBad, regionAdded { table.counts[table.counts.count - 1] = -1 }
            lineIsBad = false
            line += 1
            startRegion(at: position + 1)
            return true
        case UInt8(ascii: ","), UInt8(ascii: ":"), UInt8(ascii: "}"), UInt8(ascii: "]"):
            guard depth == 1 else {
                let opener: UInt8 = byte == UInt8(ascii: "}") ? UInt8(ascii: "{") : UInt8(ascii: "[")
                if open.count > 1, byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]"), open.last != opener {
                    // A bracket that does not match on a bad line closes what is open anyway.
                    open.removeLast()
                    depth -= 1
                    if let level = levels.popLast() { dropBlockStarts(of: level) }
                    if depth == 1 { closeChildContainer() }
                    return true
                }
                return false
            }
            // After a line's value, a separator or a bracket makes it bad.
            if regionAdded { lineIsBad = true }
            regionHasContent = true
            return true
        default:
            return false
        }
    }

    /// A comma at depth 2 or deeper, at `position`: another child of the container being read
    /// there (at depth 2, of a child of this container).
    private mutating func countComma(at position: Int) {
        if depth == 2 { childCommas += 1 }
        let level = depth - 2
        levels[level].commas += 1
        if levels[level].commas & blockMask == 0 { pendingBlockStarts.append(position + 1) }
    }

    /// The container being read at depth 2 or deeper closed at `position`: where its blocks
    /// start, when it has more than a block of children, and its end and count when it is long.
    private mutating func closeLevel(at position: Int) {
        guard let level = levels.popLast() else { return }
        if level.isKnown {
            dropBlockStarts(of: level)
            return
        }
        if level.commas >= blockSize {
            // The first block starts after the opening bracket.
            table.containerBlockStarts[level.opening] = [level.opening + 1] + pendingBlockStarts[level.firstStart...]
        }
        if position - level.opening >= knownContainerBytes {
            // (So long a container with no comma has one child: blanks that long are not JSON anyone writes.)
            table.knownContainers[level.opening] = KnownContainer(end: position, count: level.commas + 1)
        }
        dropBlockStarts(of: level)
    }

    /// Forgets where the blocks of `level`'s container start (most have one block: nothing to do).
    private mutating func dropBlockStarts(of level: Level) {
        if pendingBlockStarts.count > level.firstStart {
            pendingBlockStarts.removeLast(pendingBlockStarts.count - level.firstStart)
        }
    }

    /// Where to go on feeding bytes from after a jump over a known child (its closing bracket),
    /// once; nil when the scan did not jump.
    mutating func takeJump() -> Int? {
        defer { jump = nil }
        return jump
    }

    /// The child container being read closed: its count.
    private mutating func closeChildContainer() {
        table.counts[table.counts.count - 1] = childCommas + (childHasContent ? 1 : 0)
    }

    /// JSON Lines: whether anything but blanks follows the line's container, in `chunk` up to
    /// `upper` (a chunk offset).
    private func textAfterContainer(_ chunk: UnsafeBufferPointer<UInt8>, chunkOffset: Int, to upper: Int) -> Bool {
        guard regionAdded, containerClosedAt >= regionStart, table.counts.last.map({ $0 >= 0 }) == true else { return false }
        return hasContent(chunk, from: max(containerClosedAt + 1, chunkOffset) - chunkOffset, to: upper)
    }

    /// The child before a `,` or the closing bracket at depth 1 ends: an object's must have had a
    /// key and a value, an array's is added unless the region was blank (an empty array).
    private mutating func closeChild(at position: Int, chunk: UnsafeBufferPointer<UInt8>, chunkOffset: Int) throws(Failure) {
        if table.isObject {
            guard table.keyStarts.count == table.valueStarts.count else {
                throw Failure(offset: position, message: "expected ':'")
            }
            return
        }
        guard !regionAdded else { return }
        if !regionHasContent {
            regionHasContent = hasContent(chunk, from: regionStart - chunkOffset, to: position - chunkOffset)
        }
        if regionHasContent { addArrayChild() }
    }

    private mutating func startRegion(at offset: Int) {
        regionStart = offset
        regionHasContent = false
        regionAdded = false
    }

    /// The array child in the region being read, added once (when a container opens in it, or
    /// when it ends).
    private mutating func addArrayChild() {
        guard !regionAdded else { return }
        regionAdded = true
        if isLines {
            let index = taken + table.valueStarts.count
            let previous = table.lineSteps.last.map { $0.line + index - $0.child } ?? index + 1
            if previous != line { table.lineSteps.append(ChildTable.LineStep(child: index, line: line)) }
        }
        table.valueStarts.append(regionStart)
        table.counts.append(-1)
    }

    private func hasContent(_ chunk: UnsafeBufferPointer<UInt8>, from lower: Int, to upper: Int) -> Bool {
        guard lower < upper else { return false }
        for index in max(0, lower)..<upper where !Self.isBlank(chunk[index]) { return true }
        return false
    }

    /// Outside the container only blanks may be.
    private func checkBlank(_ chunk: UnsafeBufferPointer<UInt8>, from lower: Int, to upper: Int, at offset: Int) throws(Failure) {
        guard lower < upper else { return }
        for index in lower..<upper where !Self.isBlank(chunk[index]) {
            throw Failure(offset: offset + index, message: table.start < 0 ? "expected an object or an array" : "expected the end of the input")
        }
    }

    private static func isBlank(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}

/// A container a scan is reading as the last child found (``ContainerScanner/takeGrowingChild()``).
struct GrowingChild: Sendable {
    /// Where its key's opening quote is (in an object), and where its value region starts.
    var keyStart: Int?
    var valueStart: Int
    /// Its opening bracket, and whether it is an object.
    var opening: Int
    var isObject: Bool
    /// Where its blocks start from block `firstBlock` on (those before were handed over
    /// before; 0: all of them): the last known start ends the whole blocks (the children read
    /// past it are not handed over).
    var firstBlock: Int
    var blockStarts: [Int]
}

/// A container a scan passed: where it ends (its closing bracket) and how many children it has.
struct KnownContainer: Sendable {
    var end: Int
    var count: Int
}
