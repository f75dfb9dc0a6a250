import Platform

/// Turns each frame into the bytes that take a terminal from the frame before it to this one,
/// as `less` does: when lines moved (a scroll), the terminal scrolls them in a region; then each
/// line that still differs is written from its first changed cell to its last, and blanks that
/// reach the end of a line are cleared rather than written.
///
/// It is pure — frames in, bytes out — so tests play its bytes on an emulator and compare the
/// screen with the frame. It keeps what the terminal shows and the style it is in; frames end in
/// the default style.
struct FrameWriter {
    /// A move of lines: the next frame's lines `top ... bottom` are the shown lines
    /// `top + shift ... bottom + shift`.
    struct Scroll: Equatable {
        var top: Int
        var bottom: Int
        var shift: Int
    }

    private let controls: ControlSequences
    /// What the terminal shows, line after line; empty before the first frame.
    private var shown: [Cell] = []
    private var width = 0
    private var height = 0
    /// A hash of each shown line, to find lines that moved.
    private var shownHashes: [UInt64] = []
    /// A line of blanks, and its hash.
    private var blankLine: [Cell] = []
    private var blankLineHash: UInt64 = 0
    /// The cells of the last line the frame being written leaves as they were.
    private var keptAtBottomRight: [Cell]?
    private var output: [UInt8] = []
    private var style = Style.plain
    /// The bytes from one style to another, by ``transitionKey(from:to:)``.
    private var styleChanges: [UInt32: [UInt8]] = [:]
    /// The bytes of a scroll region, by `top * (height + 1) + bottom`, made when first needed.
    private var scrollRegions: [Int: [UInt8]] = [:]
    /// The bytes of a cursor move, by `line * (width + 1) + column`, made when first needed.
    private var cursorMoves: [[UInt8]?] = []

    /// A writer for a terminal that understands `controls`, showing nothing known yet.
    init(controls: ControlSequences) {
        self.controls = controls
    }

    /// Whether the writer knows what a terminal of this size shows: else the next frame clears
    /// it and is written whole.
    func shows(width: Int, height: Int) -> Bool {
        !shown.isEmpty && width == self.width && height == self.height
    }

    /// Forgets what the terminal shows: the next frame clears it and is written whole.
    mutating func forget() {
        shown = []
        width = 0
        height = 0
    }

    /// The bytes that leave a terminal of `height` lines scrolling as a whole and in the default
    /// style, whatever a frame cut short left (a program sends them before it ends).
    func resettingBytes(height: Int) -> [UInt8] {
        (controls.scrollRegion.map { $0(0, max(0, height - 1)) } ?? []) + controls.resetStyle
    }

    /// The bytes that show `frame`, given what the last call showed.
    mutating func bytes(for frame: CellBuffer) -> [UInt8] {
        output.removeAll(keepingCapacity: true)
        style = .plain
        if !shows(width: frame.width, height: frame.height) {
            width = frame.width
            height = frame.height
            blankLine = Array(repeating: .blank, count: width)
            cursorMoves = Array(repeating: nil, count: height * (width + 1))
            scrollRegions = [:]
            output += controls.resetStyle + controls.clearScreen
            shown = Array(repeating: .blank, count: width * height)
            shownHashes = Self.lineHashes(shown, width: width, height: height)
            blankLineHash = shownHashes.first ?? 0
        }
        let next = frame.cells
        let nextHashes = Self.lineHashes(next, width: width, height: height)
        // What each line of the terminal shows once the scroll is done: a shown line, or a
        // blank one (-1) the scroll opened.
        var lineShown = Array(0..<height)
        if let scroll = bestScroll(to: nextHashes) { apply(scroll, to: &lineShown) }
        if width > 0 {
            let blankLine = blankLine
            let shownCells = shown
            shownCells.withUnsafeBufferPointer { shown in
                next.withUnsafeBufferPointer { next in
                    blankLine.withUnsafeBufferPointer { blankLine in
                        for line in 0..<height {
                            let old = lineShown[line] < 0
                                ? blankLine : UnsafeBufferPointer(rebasing: shown[(lineShown[line] * width)...].prefix(width))
                            writeChanges(ofLine: line, from: old, to: UnsafeBufferPointer(rebasing: next[(line * width)...].prefix(width)))
                        }
                    }
                }
            }
        }
        if style != .plain { output += controls.resetStyle }
        shown = next
        shownHashes = nextHashes
        if let kept = keptAtBottomRight {
            // Cells left unwritten (the bottom-right one, where writing it would scroll).
            let start = height * width - kept.count
            shown.replaceSubrange(start..<(height * width), with: kept)
            shownHashes[height - 1] = Self.lineHashes(Array(shown[((height - 1) * width)...]), width: width, height: 1)[0]
            keptAtBottomRight = nil
        }
        return output
    }

    // MARK: - Lines that moved

    /// The scroll that leaves the most lines right, counting only lines that were not right
    /// already; nil when none does (or the terminal cannot scroll a region).
    func bestScroll(to nextHashes: [UInt64]) -> Scroll? {
        guard controls.scrollRegion != nil, height > 1 else { return nil }
        // The shown lines by hash: a chained table, built in two arrays.
        var buckets = 64
        while buckets < 2 * height { buckets *= 2 }
        var head = [Int](repeating: -1, count: buckets)
        var chain = [Int](repeating: -1, count: height)
        for line in 0..<height {
            let bucket = Int(truncatingIfNeeded: shownHashes[line]) & (buckets - 1)
            chain[line] = head[bucket]
            head[bucket] = line
        }
        // One run per shift (index shift + height): where it started, its last line, lines it saves.
        var runStart = [Int](repeating: 0, count: 2 * height)
        var runLast = [Int](repeating: -2, count: 2 * height)
        var runSaves = [Int](repeating: 0, count: 2 * height)
        var best: (saves: Int, scroll: Scroll)?
        for line in 0..<height {
            var source = head[Int(truncatingIfNeeded: nextHashes[line]) & (buckets - 1)]
            while source >= 0 {
                defer { source = chain[source] }
                guard source != line, shownHashes[source] == nextHashes[line] else { continue }
                let shift = source - line
                if shift > 0 ? controls.scrollForward == nil : controls.scrollReverse == nil { continue }
                let slot = shift + height
                if runLast[slot] != line - 1 {
                    runStart[slot] = line
                    runSaves[slot] = 0
                }
                runLast[slot] = line
                if nextHashes[line] != shownHashes[line] { runSaves[slot] += 1 }
                if runSaves[slot] > (best?.saves ?? 0) {
                    best = (runSaves[slot], Scroll(top: runStart[slot], bottom: line, shift: shift))
                }
            }
        }
        guard let best else { return nil }
        let scroll = extended(best.scroll, to: nextHashes)
        // The lines the scroll opens must be written again: those that were right already
        // count against it.
        let opened = scroll.shift > 0
            ? (scroll.bottom + 1)...(scroll.bottom + scroll.shift)
            : (scroll.top + scroll.shift)...(scroll.top - 1)
        let lost = opened.filter { nextHashes[$0] == shownHashes[$0] && nextHashes[$0] != blankLineHash }.count
        return best.saves > lost ? scroll : nil
    }

    /// `scroll` grown over the lines beside it that are wrong where they are, as long as the
    /// lines it would open or push out are wrong too: a line that moved and changed a little
    /// (a selection mark in its gutter) then moves with its neighbours, and only what changed
    /// in it is written.
    private func extended(_ scroll: Scroll, to nextHashes: [UInt64]) -> Scroll {
        func wrongInPlace(_ line: Int) -> Bool { nextHashes[line] != shownHashes[line] }
        var scroll = scroll
        let shift = scroll.shift
        while scroll.bottom + 1 + max(0, shift) < height, wrongInPlace(scroll.bottom + 1),
            shift < 0 || wrongInPlace(scroll.bottom + 1 + shift) {
            scroll.bottom += 1
        }
        while scroll.top - 1 + min(0, shift) >= 0, wrongInPlace(scroll.top - 1),
            shift > 0 || wrongInPlace(scroll.top - 1 + shift) {
            scroll.top -= 1
        }
        return scroll
    }

    /// Scrolls the terminal's region, and `lineShown` (what each line shows) alike; the lines
    /// it opens are blank, in the default style the frame starts in.
    private mutating func apply(_ scroll: Scroll, to lineShown: inout [Int]) {
        guard controls.scrollRegion != nil else { return }
        let count = abs(scroll.shift)
        if scroll.shift > 0, let forward = controls.scrollForward {
            let bottom = scroll.bottom + count
            setScrollRegion(scroll.top, bottom)
            moveCursor(bottom, 0)
            for _ in 0..<count { output += forward }
            for line in scroll.top...bottom { lineShown[line] = line + count <= bottom ? line + count : -1 }
        } else if scroll.shift < 0, let reverse = controls.scrollReverse {
            let top = scroll.top - count
            setScrollRegion(top, scroll.bottom)
            moveCursor(top, 0)
            for _ in 0..<count { output += reverse }
            for line in top...scroll.bottom { lineShown[line] = line - count >= top ? line - count : -1 }
        }
        setScrollRegion(0, height - 1)
    }

    private mutating func setScrollRegion(_ top: Int, _ bottom: Int) {
        guard let scrollRegion = controls.scrollRegion else { return }
        let key = top * (height + 1) + bottom
        if scrollRegions[key] == nil { scrollRegions[key] = scrollRegion(top, bottom) }
        output.append(contentsOf: scrollRegions[key]!)
    }

    // MARK: - Lines that differ

    /// Writes line `line` of the frame, `next`, over what the terminal shows there, `shown`:
    /// from the first cell that differs to the last, whole wide characters, stepping over runs
    /// already right, erasing runs of blanks, and clearing blanks that reach the end of the line.
    private mutating func writeChanges(
        ofLine line: Int, from shown: UnsafeBufferPointer<Cell>, to next: UnsafeBufferPointer<Cell>
    ) {
        let width = next.count
        guard memcmp(shown.baseAddress!, next.baseAddress!, width * MemoryLayout<Cell>.stride) != 0 else { return }
        var first = 0
        while first < width, shown[first] == next[first] { first += 1 }
        guard first < width else { return }
        var end = width
        while shown[end - 1] == next[end - 1] { end -= 1 }
        while first > 0, next[first].isContinuation || shown[first].isContinuation { first -= 1 }
        while end < width, next[end].isContinuation || shown[end].isContinuation { end += 1 }
        let blank = Cell.blank
        var blanksFrom = width
        while blanksFrom > first, next[blanksFrom - 1] == blank { blanksFrom -= 1 }
        let clears = controls.clearToEndOfLine != nil && end > blanksFrom && width - blanksFrom >= 4
        if clears {
            end = blanksFrom
        } else if line == height - 1, !controls.writesBottomRightCell, end == width {
            // Writing the last cell would scroll the screen: leave it (and a wide character on it).
            end = next[width - 1].isContinuation ? width - 2 : width - 1
        }
        if end < width, line == height - 1, !controls.writesBottomRightCell, !clears {
            // What stays on the terminal there is what was shown: the writer's copy must say so.
            keptAtBottomRight = Array(shown[end..<width])
        }
        guard end > first || clears else { return }
        // Where the terminal's cursor is: moves are sent only when a write needs it elsewhere.
        moveCursor(line, first)
        var cursor = first
        var column = first
        while column < end {
            let cell = next[column]
            if cell.isContinuation {
                column += 1
                continue
            }
            // A run of cells already right is stepped over, a run of blanks erased: a line
            // whose text changed keeps its border, its scrollbar and the blanks between.
            let same = run(from: column, to: end) { shown[$0] == next[$0] }
            if same >= Self.shortestSkippedRun {
                column += same
                continue
            }
            if cell == blank, let erase = controls.eraseCharacters {
                let blanks = run(from: column, to: end) { next[$0] == blank }
                if blanks >= Self.shortestSkippedRun {
                    if cursor != column { moveCursor(line, column) }
                    cursor = column  // (Erasing does not move the cursor.)
                    setStyle(.plain)
                    output += erase(blanks, 0)
                    column += blanks
                    continue
                }
            }
            if cursor != column { moveCursor(line, column) }
            setStyle(cell.style)
            cell.appendUTF8(to: &output)
            column += 1
            cursor = column + (cell.width == 2 ? 1 : 0)
        }
        if clears, let clear = controls.clearToEndOfLine {
            if cursor != end { moveCursor(line, end) }
            setStyle(.plain)
            output += clear
        }
    }

    /// Runs shorter than this are written: a cursor move costs about as much.
    private static let shortestSkippedRun = 8

    /// How many columns from `start` before `end` satisfy `test`, stopping at the first that
    /// does not. (A run that ends on a wide character's right half leaves it to the loop, which
    /// steps over a right half: its left half is written whole, or was right already.)
    private func run(from start: Int, to end: Int, while test: (Int) -> Bool) -> Int {
        var column = start
        while column < end, test(column) { column += 1 }
        return column - start
    }

    private mutating func moveCursor(_ line: Int, _ column: Int) {
        let key = line * (width + 1) + column
        if cursorMoves[key] == nil { cursorMoves[key] = controls.moveCursor(line, column) }
        output.append(contentsOf: cursorMoves[key]!)
    }

    /// Takes the terminal to `next`: what it adds to the current style when it only adds
    /// (an attribute or a colour), else a reset and the whole style.
    private mutating func setStyle(_ next: Style) {
        guard next != style else { return }
        let key = Self.transitionKey(from: style, to: next)
        if styleChanges[key] == nil { styleChanges[key] = controls.bytes(from: style, to: next) }
        output.append(contentsOf: styleChanges[key]!)
        style = next
    }

    private static func transitionKey(from style: Style, to next: Style) -> UInt32 {
        func bits(_ style: Style) -> UInt32 {
            UInt32(style.foreground.map { $0.rawValue + 1 } ?? 0) | UInt32(style.background.map { $0.rawValue + 1 } ?? 0) << 4
                | UInt32(style.attributes.rawValue) << 8
        }
        return bits(style) << 16 | bits(next)
    }

    // MARK: - Hashes

    /// A hash of each line's cells (equal lines hash alike; unequal ones almost never do, and
    /// when they do the line-by-line comparison still writes what differs). A cell is two words,
    /// read as memory; four lanes, so the multiplications do not wait on each other.
    static func lineHashes(_ cells: [Cell], width: Int, height: Int) -> [UInt64] {
        precondition(MemoryLayout<Cell>.stride == 2 * MemoryLayout<UInt64>.stride, "a cell is two words")
        return [UInt64](unsafeUninitializedCapacity: height) { hashes, initialized in
            cells.withUnsafeBufferPointer { cells in
                // (Viewed as words only for this pass: the memory stays bound to `Cell`.)
                cells.withMemoryRebound(to: UInt64.self) { words in
                    let prime: UInt64 = 0x0000_0100_0000_01B3
                    let lineWords = 2 * width
                    for line in 0..<height {
                        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xCBF2_9CE4_8422_2325, 0x8422_2325_CBF2_9CE4, 1, 2)
                        var word = line * lineWords
                        let end = word + lineWords
                        while word + 4 <= end {
                            lanes.0 = (lanes.0 ^ words[word]) &* prime
                            lanes.1 = (lanes.1 ^ words[word + 1]) &* prime
                            lanes.2 = (lanes.2 ^ words[word + 2]) &* prime
                            lanes.3 = (lanes.3 ^ words[word + 3]) &* prime
                            word += 4
                        }
                        if word < end {
                            lanes.0 = (lanes.0 ^ words[word]) &* prime
                            lanes.1 = (lanes.1 ^ words[word + 1]) &* prime
                        }
                        hashes[line] = ((lanes.0 &* 31 ^ lanes.1) &* 31 ^ lanes.2) &* 31 ^ lanes.3
                    }
                }
            }
            initialized = height
        }
    }
}
