import Glibc

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
    private var blankLineHash: UInt64 = 0
    private var output: [UInt8] = []
    private var style = Style.plain
    /// The bytes from one style to another, by ``transitionKey(from:to:)``.
    private var styleChanges: [UInt32: [UInt8]] = [:]
    /// The bytes of a cursor move, by `line * (width + 1) + column`, made when first needed.
    private var cursorMoves: [[UInt8]?] = []

    /// A writer for a terminal that understands `controls`, showing nothing known yet.
    init(controls: ControlSequences) {
        self.controls = controls
    }

    /// Forgets what the terminal shows: the next frame clears it and is written whole.
    mutating func forget() {
        shown = []
        width = 0
        height = 0
    }

    /// The bytes that show `frame`, given what the last call showed.
    mutating func bytes(for frame: CellBuffer) -> [UInt8] {
        output.removeAll(keepingCapacity: true)
        style = .plain
        if frame.width != width || frame.height != height || shown.isEmpty {
            width = frame.width
            height = frame.height
            cursorMoves = Array(repeating: nil, count: height * (width + 1))
            output += controls.resetStyle + controls.clearScreen
            shown = Array(repeating: .blank, count: width * height)
            shownHashes = Self.lineHashes(shown, width: width, height: height)
            blankLineHash = shownHashes.first ?? 0
        }
        let next = frame.cells
        let nextHashes = Self.lineHashes(next, width: width, height: height)
        if let scroll = bestScroll(to: nextHashes) { apply(scroll) }
        for line in 0..<height { writeChanges(ofLine: line, to: next) }
        if style != .plain { output += controls.resetStyle }
        shown = next
        shownHashes = nextHashes
        return output
    }

    // MARK: - Lines that moved

    /// The scroll that leaves the most lines right, counting only lines that were not right
    /// already; nil when none does (or the terminal cannot scroll a region).
    func bestScroll(to nextHashes: [UInt64]) -> Scroll? {
        guard controls.scrollRegion != nil, height > 1 else { return nil }
        var linesByHash: [UInt64: [Int]] = [:]
        for (line, hash) in shownHashes.enumerated() { linesByHash[hash, default: []].append(line) }
        // One run per shift (index shift + height): where it started, its last line, lines it saves.
        var runStart = [Int](repeating: 0, count: 2 * height)
        var runLast = [Int](repeating: -2, count: 2 * height)
        var runSaves = [Int](repeating: 0, count: 2 * height)
        var best: (saves: Int, scroll: Scroll)?
        for line in 0..<height {
            guard let sources = linesByHash[nextHashes[line]] else { continue }
            for source in sources where source != line {
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

    /// Scrolls the terminal's region and the writer's copy of the screen alike; the lines it
    /// opens are blank, in the default style the frame starts in.
    private mutating func apply(_ scroll: Scroll) {
        guard let scrollRegion = controls.scrollRegion else { return }
        let count = abs(scroll.shift)
        if scroll.shift > 0, let forward = controls.scrollForward {
            let bottom = scroll.bottom + count
            output += scrollRegion(scroll.top, bottom) + controls.moveCursor(bottom, 0)
            for _ in 0..<count { output += forward }
            for line in scroll.top...bottom {
                replaceShownLine(line, with: line + count <= bottom ? line + count : nil)
            }
        } else if scroll.shift < 0, let reverse = controls.scrollReverse {
            let top = scroll.top - count
            output += scrollRegion(top, scroll.bottom) + controls.moveCursor(top, 0)
            for _ in 0..<count { output += reverse }
            for line in stride(from: scroll.bottom, through: top, by: -1) {
                replaceShownLine(line, with: line - count >= top ? line - count : nil)
            }
        }
        output += scrollRegion(0, height - 1)
    }

    /// Copies shown line `source` over line `line`, or blanks it.
    private mutating func replaceShownLine(_ line: Int, with source: Int?) {
        guard width > 0 else { return }
        let width = width
        shown.withUnsafeMutableBufferPointer { cells in
            let start = cells.baseAddress! + line * width
            if let source {
                start.update(from: cells.baseAddress! + source * width, count: width)
            } else {
                start.update(repeating: .blank, count: width)
            }
        }
        shownHashes[line] = source.map { shownHashes[$0] } ?? blankLineHash
    }

    // MARK: - Lines that differ

    /// Writes line `line` of `next` from its first cell that differs from the screen to its
    /// last, whole wide characters, clearing blanks that reach the end of the line.
    private mutating func writeChanges(ofLine line: Int, to next: [Cell]) {
        let base = line * width
        guard width > 0, !Self.sameCells(shown, next, from: base, count: width) else { return }
        var first = 0
        while first < width, shown[base + first] == next[base + first] { first += 1 }
        guard first < width else { return }
        var end = width
        while shown[base + end - 1] == next[base + end - 1] { end -= 1 }
        while first > 0, next[base + first].isContinuation || shown[base + first].isContinuation { first -= 1 }
        while end < width, next[base + end].isContinuation || shown[base + end].isContinuation { end += 1 }
        let blank = Cell.blank
        var blanksFrom = width
        while blanksFrom > first, next[base + blanksFrom - 1] == blank { blanksFrom -= 1 }
        let clears = controls.clearToEndOfLine != nil && end > blanksFrom && width - blanksFrom >= 4
        if clears {
            end = blanksFrom
        } else if line == height - 1, !controls.writesBottomRightCell, end == width {
            // Writing the last cell would scroll the screen: leave it (and a wide character on it).
            end = next[base + width - 1].isContinuation ? width - 2 : width - 1
        }
        guard end > first || clears else { return }
        moveCursor(line, first)
        var column = first
        while column < end {
            let cell = next[base + column]
            if cell.isContinuation {
                column += 1
                continue
            }
            // A run of cells already right is stepped over, a run of blanks erased: a line
            // whose text changed keeps its border, its scrollbar and the blanks between.
            let same = run(from: column, to: end) { shown[base + $0] == next[base + $0] }
            if same >= Self.shortestSkippedRun {
                column += same
                if column < end { moveCursor(line, column) }
                continue
            }
            if cell == blank, let erase = controls.eraseCharacters {
                let blanks = run(from: column, to: end) { next[base + $0] == blank }
                if blanks >= Self.shortestSkippedRun {
                    setStyle(.plain)
                    output += erase(blanks, 0)
                    column += blanks
                    if column < end { moveCursor(line, column) }
                    continue
                }
            }
            setStyle(cell.style)
            cell.appendUTF8(to: &output)
            column += 1
        }
        if clears, let clear = controls.clearToEndOfLine {
            setStyle(.plain)
            output += clear
        }
    }

    /// Runs shorter than this are written: a cursor move costs about as much.
    private static let shortestSkippedRun = 8

    /// How many columns from `start` before `end` satisfy `test`, stopping at the first that
    /// does not. (A run never ends inside a wide character: the span's ends were moved out of
    /// any, a right half equals the screen's when its left half does, and blanks are narrow.)
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

    /// Whether `count` cells from `start` are the same in both: a comparison of memory, as a
    /// cell is two words with no padding and no reference.
    private static func sameCells(_ first: [Cell], _ second: [Cell], from start: Int, count: Int) -> Bool {
        first.withUnsafeBytes { first in
            second.withUnsafeBytes { second in
                let stride = MemoryLayout<Cell>.stride
                return memcmp(first.baseAddress! + start * stride, second.baseAddress! + start * stride, count * stride) == 0
            }
        }
    }

    // MARK: - Hashes

    /// A hash of each line's cells (equal lines hash alike; unequal ones almost never do, and
    /// when they do the line-by-line comparison still writes what differs).
    static func lineHashes(_ cells: [Cell], width: Int, height: Int) -> [UInt64] {
        cells.withUnsafeBufferPointer { cells in
            (0..<height).map { line in
                var hash: UInt64 = 0xCBF2_9CE4_8422_2325
                for cell in cells[(line * width)..<(line * width + width)] {
                    hash = (hash ^ cell.leadingScalars) &* 0x0000_0100_0000_01B3
                    hash = (hash ^ cell.rest) &* 0x0000_0100_0000_01B3
                }
                return hash
            }
        }
    }
}
