import TestSupport
import Testing
@testable import DocumentData

/// `JSONTree` and `ContainerScanner`: a document's containers found from its bytes agree with
/// the parser, whatever the chunks.
@Suite struct JSONTreeTests {
    /// Walks `table` (a container of `tree`) beside `value` (the parser's reading of it).
    private func expectSame(_ tree: JSONTree, _ table: ChildTable, _ value: JSONValue, _ context: String) {
        switch value {
        case .array(let elements):
            #expect(!table.isObject && table.count == elements.count, "\(context)")
            guard table.count == elements.count else { return }
            for (index, element) in elements.enumerated() { expectChild(tree, table, index, element, "\(context)[\(index)]") }
        case .object(let members):
            #expect(table.isObject && table.count == members.count, "\(context)")
            guard table.count == members.count else { return }
            for (index, member) in members.enumerated() {
                #expect(tree.key(ofChild: index, in: table) == member.key, "\(context).\(member.key)")
                expectChild(tree, table, index, member.value, "\(context).\(member.key)")
            }
        default:
            Issue.record("\(context): not a container")
        }
    }

    private func expectChild(_ tree: JSONTree, _ table: ChildTable, _ index: Int, _ value: JSONValue, _ context: String) {
        switch value {
        case .array(let elements):
            #expect(table.childCount(of: index) == elements.count, "\(context)")
            expectSame(tree, tree.children(ofChild: index, in: table), value, context)
        case .object(let members):
            #expect(table.childCount(of: index) == members.count, "\(context)")
            expectSame(tree, tree.children(ofChild: index, in: table), value, context)
        default:
            #expect(table.childCount(of: index) == nil, "\(context)")
            #expect((try? tree.scalar(ofChild: index, in: table)) == value, "\(context)")
        }
    }

    /// Random documents, read whole and from a file: every key, count and scalar agrees with the
    /// parser's value.
    @Test(arguments: 1...150)
    func childrenAgreeWithTheParser(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var text = JSONInputCheckTests.randomJSON(depth: 0, using: &generator)
        if !(text.hasPrefix("[") || text.hasPrefix("{")) { text = "[\(text)]" }
        text = "  \n" + text + " \n"
        let bytes = Array(text.utf8)
        let value = try JSONParser.parse(bytes)
        let file = TemporaryFile(contents: text, name: "tree.json")
        defer { file.remove() }
        // Containers kept whole, and every container of more than two children in blocks of two.
        for (blockSize, whole, long) in Self.layouts {
            let tree = try JSONTree(bytes: bytes, name: "t.json", blockSize: blockSize, wholeChildren: whole, longContainer: long)
            try #require(tree.root != nil)
            expectSame(tree, tree.root!, value, "seed \(seed) blocks of \(blockSize) \(text)")
            let fromFile = try JSONTree(path: file.path, blockSize: blockSize, wholeChildren: whole, longContainer: long)
            try #require(fromFile.root != nil)
            expectSame(fromFile, fromFile.root!, value, "seed \(seed) blocks of \(blockSize) from a file")
        }
    }

    /// Block sizes, how many children a container keeps whole and how long a container is
    /// jumped over: as shipped, and tiny (so random documents have containers in blocks, tables
    /// made from the block starts a scan found, and scans that jump over containers).
    static let layouts = [(1024, 1 << 16, 1 << 16), (2, 2, 8)]

    /// A container in blocks finds a child by a byte offset in it, and gives each child's place,
    /// as one kept whole does.
    @Test(arguments: 1...60)
    func blocksFindTheChildrenTheWholeTableFinds(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let count = Int.random(in: 1...40, using: &generator)
        let isObject = Bool.random(using: &generator)
        let children = (0..<count).map { index in
            let value = JSONInputCheckTests.randomJSON(depth: 1, using: &generator)
            return isObject ? "\"k\(index)\" :  \(value)" : value
        }
        let text = (isObject ? "{" : "[") + children.joined(separator: " ,\n ") + (isObject ? "}" : "]")
        let whole = try #require(try JSONTree(bytes: Array(text.utf8), name: "t.json").root)
        let blocked = try #require(try JSONTree(bytes: Array(text.utf8), name: "t.json", blockSize: 4, wholeChildren: 4).root)
        #expect(blocked.count == whole.count && (count <= 4 || blocked.blocks != nil), "seed \(seed)")
        for index in 0..<count {
            #expect(blocked.valueRegion(of: index) == whole.valueRegion(of: index), "seed \(seed) child \(index)")
            #expect(blocked.keyRegion(of: index) == whole.keyRegion(of: index), "seed \(seed) child \(index)")
            #expect(blocked.childCount(of: index) == whole.childCount(of: index), "seed \(seed) child \(index)")
        }
        for offset in whole.start...whole.end {
            #expect(blocked.index(ofChildContaining: offset) == whole.index(ofChildContaining: offset), "seed \(seed) offset \(offset)")
        }
    }

    /// The same bytes in chunks split anywhere give the same table as one chunk.
    @Test(arguments: 1...150)
    func chunksSplitAnywhereGiveTheSameTable(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let text = "[" + (0..<4).map { _ in JSONInputCheckTests.randomJSON(depth: 0, using: &generator) }.joined(separator: " , ") + "]"
        let bytes = Array(text.utf8)
        func table(splits: [Int]) throws -> ChildTable {
            var scanner = ContainerScanner()
            var start = 0
            for end in splits + [bytes.count] where end > start {
                try bytes.withUnsafeBufferPointer { buffer throws(ContainerScanner.Failure) in
                    try scanner.scan(UnsafeBufferPointer(rebasing: buffer[start..<end]), at: start)
                }
                start = end
            }
            try scanner.finish(at: bytes.count)
            return scanner.table
        }
        let whole = try table(splits: [])
        let splits = (0..<Int.random(in: 1...6, using: &generator)).map { _ in Int.random(in: 0...bytes.count, using: &generator) }.sorted()
        let split = try table(splits: splits)
        #expect(split.valueStarts == whole.valueStarts && split.counts == whole.counts && split.end == whole.end, "seed \(seed) \(splits)")
    }

    /// A scan that hands its children over a block at a time (`blocksFrom`), taken after chunks
    /// split anywhere, builds the table one scan of the whole builds: every child's regions and
    /// count, for arrays, objects and JSON Lines (taken between lines, as a followed log is).
    @Test(arguments: 1...120)
    func childrenHandedOverInBlocksBuildTheSameTable(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let kind = Int.random(in: 0..<3, using: &generator)
        let children = (0..<Int.random(in: 0...60, using: &generator)).map { index in
            let value = JSONInputCheckTests.randomJSON(depth: kind == 2 ? 1 : 3, using: &generator)
            switch kind {
            case 1: return "\"k\(index)\": \(value)"
            case 2: return String(value.map { $0 == "\n" ? " " : $0 })
            default: return value
            }
        }
        let text: String
        switch kind {
        case 1: text = "{" + children.joined(separator: ", ") + "}"
        case 2: text = children.joined(separator: "\n") + "\n"
        default: text = "[" + children.joined(separator: ",") + "]"
        }
        let bytes = Array(text.utf8)
        let blockSize = [1, 2, 4].randomElement(using: &generator)!
        let windows = BlockWindows { isObject, range, first in
            var scanner = ContainerScanner(childrenOf: isObject, from: range.lowerBound, first: first, lines: kind == 2, blockSize: blockSize)
            bytes.withUnsafeBufferPointer { buffer in
                try? scanner.scan(UnsafeBufferPointer(rebasing: buffer[range.lowerBound..<min(range.upperBound, bytes.count)]), at: range.lowerBound)
            }
            return scanner.table
        }
        var whole = ContainerScanner(lines: kind == 2, blockSize: blockSize)
        try bytes.withUnsafeBufferPointer { buffer throws(ContainerScanner.Failure) in try whole.scan(buffer, at: 0) }
        try whole.finish(at: bytes.count)

        var scanner = ContainerScanner(lines: kind == 2, blockSize: blockSize)
        scanner.blocksFrom = blockSize * Int.random(in: 0...3, using: &generator)
        var table = ChildTable(isObject: kind == 1, start: -1)
        var handed = 0
        func take(all: Bool = false) {
            let batch = scanner.takeChildren(all: all, caughtUp: Int.random(in: 0..<4, using: &generator) == 0)
            handed += batch.handedBlocks?.childCount ?? 0
            if table.start < 0, batch.start >= 0 { table = ChildTable(isObject: batch.isObject, start: batch.start) }
            table.append(contentsOf: batch, windows: windows)
            if Bool.random(using: &generator) {
                table.moveIntoBlocks(above: blockSize, blockSize: blockSize, windows: windows)
            }
        }
        var start = 0
        // (The closing bracket in a chunk of its own: the children are taken before it.)
        let splits = ((0..<Int.random(in: 1...12, using: &generator)).map { _ in Int.random(in: 0...bytes.count, using: &generator) }
            + [bytes.count - 1]).sorted()
        for end in splits + [bytes.count] where end > start {
            try bytes.withUnsafeBufferPointer { buffer throws(ContainerScanner.Failure) in
                try scanner.scan(UnsafeBufferPointer(rebasing: buffer[start..<end]), at: start)
            }
            take()
            start = end
        }
        try scanner.finish(at: bytes.count)
        take(all: true)
        let expected = whole.table
        let context = "seed \(seed), blocks of \(blockSize) from \(scanner.blocksFrom), splits \(splits): \(text)"
        try #require(table.count == expected.count && table.end == expected.end, "\(context)")
        // Past the first block handed over and a block more, an array or an object hands
        // blocks over (JSON Lines taken between lines hands its last line over instead).
        if kind != 2, expected.count > scanner.blocksFrom + blockSize { #expect(handed > 0, "\(context)") }
        for index in 0..<expected.count {
            #expect(table.valueRegion(of: index) == expected.valueRegion(of: index), "\(context): child \(index)")
            #expect(table.keyRegion(of: index) == expected.keyRegion(of: index), "\(context): child \(index)")
            #expect(table.childCount(of: index) == expected.childCount(of: index), "\(context): child \(index)")
            if kind == 2 { #expect(table.lineNumber(of: index) == expected.lineNumber(of: index), "\(context): child \(index)") }
        }
        // Each block's rows, open: its containers' children and two, one for anything else.
        for group in 0..<(table.summedGroups?.count ?? 0) / blockSize {
            let rows = (group * blockSize..<(group + 1) * blockSize).reduce(0) { $0 + (expected.childCount(of: $1).map { $0 > 0 ? $0 + 2 : 1 } ?? 1) }
            #expect(table.rows(ofGroup: group, childrenOpen: true) == rows, "\(context): block \(group)")
        }
    }

    /// The root's last child, a container still being read, is handed over as its blocks are
    /// read (`takeGrowingChild`): fed a few bytes at a time, the table its block starts make
    /// has, at every moment, the first children of the container's whole table.
    @Test(arguments: 1...100)
    func aContainerStillReadIsHandedOverAsItsBlocksAreRead(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let isObject = Bool.random(using: &generator)
        let children = (0..<Int.random(in: 0...60, using: &generator)).map { index in
            let value = JSONInputCheckTests.randomJSON(depth: 3, using: &generator)
            return isObject ? "\"k\(index)\": \(value)" : value
        }
        let container = isObject ? "{" + children.joined(separator: ", ") + "}" : "[" + children.joined(separator: ",") + "]"
        let prefix = Bool.random(using: &generator) ? #"{"type": "x", "features": "# : "[1, "
        let bytes = Array((prefix + container + (prefix.hasPrefix("{") ? "}" : "]")).utf8)
        let opening = prefix.utf8.count
        let blockSize = [1, 2, 4].randomElement(using: &generator)!
        let windows = BlockWindows { isObject, range, first in
            var scanner = ContainerScanner(childrenOf: isObject, from: range.lowerBound, first: first, lines: false, blockSize: blockSize)
            bytes.withUnsafeBufferPointer { buffer in
                try? scanner.scan(UnsafeBufferPointer(rebasing: buffer[range.lowerBound..<min(range.upperBound, bytes.count)]), at: range.lowerBound)
            }
            return scanner.table
        }
        // The container's children, from a scan of its bytes alone.
        var whole = ContainerScanner(blockSize: blockSize)
        try bytes.withUnsafeBufferPointer { buffer throws(ContainerScanner.Failure) in
            try whole.scan(UnsafeBufferPointer(rebasing: buffer[opening..<(opening + container.utf8.count)]), at: opening)
        }
        let expected = whole.table

        var scanner = ContainerScanner(blockSize: blockSize)
        var growing: ChildTable?
        var sawGrowing = false
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + Int.random(in: 1...20, using: &generator))
            try bytes.withUnsafeBufferPointer { buffer throws(ContainerScanner.Failure) in
                try scanner.scan(UnsafeBufferPointer(rebasing: buffer[start..<end]), at: start)
            }
            start = end
            _ = scanner.takeChildren()
            guard let found = scanner.takeGrowingChild() else { continue }
            let context = "seed \(seed), blocks of \(blockSize), \(start) bytes read: \(String(decoding: bytes, as: UTF8.self))"
            #expect(found.opening == opening && found.isObject == isObject, "\(context)")
            if found.firstBlock == 0 { growing = ChildTable(growing: isObject, opening: opening, blockSize: blockSize, windows: windows) }
            try #require(growing?.keptCount == found.firstBlock, "\(context): blocks handed over in order")
            growing?.appendBlockStarts(found.blockStarts)
            sawGrowing = true
            let table = try #require(growing)
            try #require(table.count <= expected.count && table.count > 0, "\(context)")
            for index in 0..<table.count {
                #expect(table.valueRegion(of: index) == expected.valueRegion(of: index) || index == table.count - 1, "\(context): child \(index)")
                #expect(table.keyRegion(of: index) == expected.keyRegion(of: index), "\(context): child \(index)")
                #expect(table.childCount(of: index) == expected.childCount(of: index), "\(context): child \(index)")
            }
            // (The last child known ends at the comma after it: its value is the same.)
            let last = table.count - 1
            #expect(table.valueRegion(of: last).lowerBound == expected.valueRegion(of: last).lowerBound, "\(context)")
        }
        // More than two blocks and a few bytes a chunk: the scan was inside it past a block.
        if children.count > 2 * blockSize + 20 { #expect(sawGrowing, "seed \(seed)") }
    }

    /// An array's children as a model finds them: split at its commas (outside strings), each
    /// region that is not blank a child — scalars walked in C, containers and malformed regions
    /// (`[1,,2]`, `[1 "a"]`) by the scan's steps, split anywhere.
    @Test(arguments: 1...100)
    func anArraysScalarsAreTheRegionsBetweenItsCommas(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        let elements = ["1", "", " ", "-2.5e3", #""a,b""#, #""""#, #""\",""#, "true", "[1,2]", #"{"k": [3]}"#, #"1 "x""#, "\n7\t"]
        let regions = (0..<Int.random(in: 0...40, using: &generator)).map { _ in elements.randomElement(using: &generator)! }
        let text = "[" + regions.joined(separator: ",") + "]"
        let bytes = Array(text.utf8)
        var expected: [Int] = []
        var start = 1
        for region in regions {
            if region.contains(where: { !" \n\t".contains($0) }) { expected.append(start) }
            start += region.utf8.count + 1
        }
        var scanner = ContainerScanner()
        var from = 0
        let splits = (0..<Int.random(in: 0...6, using: &generator)).map { _ in Int.random(in: 0...bytes.count, using: &generator) }.sorted()
        for end in splits + [bytes.count] where end > from {
            try bytes.withUnsafeBufferPointer { buffer throws(ContainerScanner.Failure) in
                try scanner.scan(UnsafeBufferPointer(rebasing: buffer[from..<end]), at: from)
            }
            from = end
        }
        try scanner.finish(at: bytes.count)
        #expect(scanner.table.valueStarts == expected, "seed \(seed) \(splits): \(text)")
    }

    /// JSON Lines: the root is the array of the lines; blank lines are skipped but counted in
    /// the line numbers; a bad line (unclosed, or text before its bracket) is a child of its own
    /// that parses as the error it is, and never stops the rest. In memory, from a file in
    /// chunks on a background thread, and split anywhere, the same.
    @Test(arguments: 1...40)
    func jsonLinesAreTheArrayOfTheirLines(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var lines: [String] = []
        var expected: [(line: Int, value: JSONValue?)] = []
        for number in 1...Int.random(in: 1...400, using: &generator) {
            switch Int.random(in: 0..<10, using: &generator) {
            case 0: lines.append("")
            case 1: lines.append("  \t ")
            case 2:
                lines.append(["{\"a\": [1, 2", "oops {\"a\": 1}", "[1, 2]]", "\"unterminated"].randomElement(using: &generator)!)
                expected.append((number, nil))
            default:
                var text = JSONInputCheckTests.randomJSON(depth: 1, using: &generator)
                if text.contains("\n") { text = "[\(number)]" }
                lines.append(text)
                expected.append((number, try JSONParser.parse(Array(text.utf8))))
            }
        }
        let text = lines.joined(separator: Bool.random(using: &generator) ? "\n" : "\r\n") + (Bool.random(using: &generator) ? "\n" : "")
        let file = TemporaryFile(contents: text, name: "t.jsonl")
        defer { file.remove() }
        for tree in [try JSONTree(bytes: Array(text.utf8), name: "t.jsonl", jsonLines: true),
                     try JSONTree(path: file.path, jsonLines: true),
                     try JSONTree(bytes: Array(text.utf8), name: "t.jsonl", jsonLines: true, blockSize: 2, wholeChildren: 2, longContainer: 8),
                     try JSONTree(path: file.path, jsonLines: true, blockSize: 2, wholeChildren: 2, longContainer: 8)] {
            let root = try #require(tree.root)
            // An unterminated string swallows what follows up to the next quote: stop comparing there.
            let comparable = expected.prefix { $0.value != nil || !lines[$0.line - 1].hasPrefix("\"") }
            try #require(root.count >= comparable.count, "seed \(seed)")
            for (index, line) in comparable.enumerated() {
                #expect(root.lineNumber(of: index) == line.line, "seed \(seed) child \(index)")
                if let value = line.value {
                    switch value {
                    case .array(let items): #expect(root.childCount(of: index) == items.count, "seed \(seed) child \(index)")
                    case .object(let members): #expect(root.childCount(of: index) == members.count, "seed \(seed) child \(index)")
                    default: #expect((try? tree.scalar(ofChild: index, in: root)) == value, "seed \(seed) child \(index)")
                    }
                } else {
                    #expect(root.childCount(of: index) == nil, "seed \(seed) child \(index): a bad line is a scalar")
                    #expect((try? tree.scalar(ofChild: index, in: root)) == nil, "seed \(seed) child \(index)")
                }
            }
        }
    }

    /// A file read by its skeleton has its strings checked when shown: a malformed one has no
    /// text (its row shows the parser's error), a long one is read only as far as asked.
    @Test func stringsAreCheckedWhenShownAndReadOnlyAsFarAsAsked() throws {
        let file = TemporaryFile(contents: #"["ok", "bad \x", "\#(String(repeating: "é", count: 100))"]"#, name: "s.json")
        defer { file.remove() }
        let tree = try JSONTree(path: file.path)
        let root = try #require(tree.root)
        #expect(tree.stringHead(ofChild: 0, in: root, bytes: 100)?.text == "ok")
        #expect(tree.stringHead(ofChild: 1, in: root, bytes: 100) == nil)
        #expect((try? tree.scalar(ofChild: 1, in: root)) == nil)
        let head = try #require(tree.stringHead(ofChild: 2, in: root, bytes: 11))
        #expect(head.text == "ééééé" && !head.isWhole && head.length == 202, "no half character: \(head)")
    }

    /// A broken skeleton says where, as line:column, and what was expected.
    @Test(arguments: [
        ("[1, 2", "t.json:1:6: expected ']'"),
        ("{\"a\": [1}", "t.json:1:9: expected ']'"),
        ("[1]\n]", "t.json:2:1: expected the end of the input"),
        ("{\"a\" 1, \"b\": 2}", "t.json:1:7: expected ':'"),
    ])
    func aBrokenSkeletonSaysWhere(text: String, message: String) throws {
        let file = TemporaryFile(contents: text, name: "t.json")
        defer { file.remove() }
        do {
            _ = try JSONTree(path: file.path)
            Issue.record("\(text) was read")
        } catch {
            #expect("\(error)".hasSuffix(message.dropFirst("t.json".count)), "\(error)")
        }
    }
}

/// A byte's line and column come from what is already known — a JSON Lines record's line from
/// the scan, else the nearest line start already counted — and agree with counting from the
/// file's start, asked in any order.
@Suite struct LineAndColumnTests {
    /// Counted naively: the line starts before `offset`, then the characters from the last.
    static func naive(_ bytes: [UInt8], lineStarts: [Int], _ offset: Int) -> (line: Int, column: Int) {
        let line = lineStarts.lastIndex { $0 <= offset }!
        return (line + 1, 1 + bytes[lineStarts[line]..<offset].reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) })
    }

    @Test(arguments: [(true, 1), (true, 2), (false, 3), (false, 4)])
    func linesAndColumnsAgreeWithCountingFromTheStart(jsonLines: Bool, seed: Int) throws {
        var generator = SeededGenerator(seed: UInt64(seed))
        // Lines of uneven length, blank lines, text that is not ASCII, blanks before a record.
        var lines: [String] = []
        for index in 0..<25_000 {
            let pad = String(repeating: " ", count: Int.random(in: 0...2, using: &generator))
            let text = String(repeating: "é", count: Int.random(in: 0...60, using: &generator))
            lines.append(pad + #"{"n": \#(index), "t": "\#(text)"}"#)
            if Int.random(in: 0..<50, using: &generator) == 0 { lines.append("") }
        }
        let text = jsonLines ? lines.joined(separator: "\n") + "\n" : "[\n" + lines.filter { !$0.isEmpty }.joined(separator: ",\n") + "\n]\n"
        let file = TemporaryFile(contents: text, name: jsonLines ? "l.jsonl" : "a.json")
        defer { file.remove() }
        // (Read lazily from the file, as a big one is.)
        let tree = try JSONTree(path: file.path, jsonLines: jsonLines)
        let bytes = Array(text.utf8)
        let lineStarts = [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { $0 + 1 }
        // (A count from a line start a MiB back is slow in a debug build: fewer asks there.)
        for _ in 0..<(jsonLines ? 300 : 40) {
            let offset = Int.random(in: 0..<bytes.count, using: &generator)
            let place = tree.lineAndColumn(of: offset)
            let expected = Self.naive(bytes, lineStarts: lineStarts, offset)
            #expect(place == expected, "offset \(offset)")
        }
    }
}
