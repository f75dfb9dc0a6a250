/// A row of a tree (a node), named by its container's table and its index there; the root's
/// own row has no table.
struct TreeRow: Equatable {
    /// The container holding the node; nil for the root.
    let table: ChildTable?
    /// The node's index in `table`.
    let index: Int
    /// The bytes of the row's text in the file: its key (when it has one) to the end of its
    /// scalar, or to its container's opening bracket (the children are rows of their own).
    let span: Range<Int>

    static func == (lhs: TreeRow, rhs: TreeRow) -> Bool { lhs.span == rhs.span }
}

/// The text of a tree's row as it is drawn at full width — what `/`, `?`, `n`, `N` and `&`
/// match, so what the screen shows is what is searched: an object member's key escaped and
/// bare, `": "`, then the value: a string quoted, its escapes resolved and written again as
/// rows write them (`"café"`, `"a\nb"`), a number as the file writes it, `true`, `false`,
/// `null`, a container's opening bracket; a value that is not JSON, its bytes as written. Not searched: indentation, a closed container's
/// preview and size (they change with folding), closing brackets.
public enum RowText {
    /// How much of a key or a string a row's searched text holds: a longer one is searched in
    /// its first part.
    static let longest = 64 << 20

    /// An object member's key as its row shows it (before `": "`).
    public static func key(_ key: String) -> String { JSONString.escaped(key, quotes: false) }

    /// A scalar as its row shows it; an empty text for a container.
    public static func scalar(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): JSONString.literal(text)
        case .number(let text): text
        case .bool(let flag): flag ? "true" : "false"
        case .null: "null"
        case .array, .object: ""
        }
    }

    /// The searched text of `row` of `tree`.
    static func text(of row: TreeRow, in tree: JSONTree) -> String {
        guard let table = row.table else {
            if let root = tree.root { return root.isObject ? "{" : "[" }
            return tree.rootScalar.map(scalar) ?? ""
        }
        var text = ""
        if table.isObject {
            let head = tree.keyHead(ofChild: row.index, in: table, bytes: longest)
            text = key(head?.text ?? "?") + ": "
        }
        if table.childCount(of: row.index) != nil {
            return text + (tree.firstByte(ofChild: row.index, in: table) == UInt8(ascii: "{") ? "{" : "[")
        }
        if let head = tree.stringHead(ofChild: row.index, in: table, bytes: longest) {
            let literal = JSONString.literal(head.text)
            return text + (head.isWhole ? literal : String(literal.dropLast()))
        }
        guard let (value, _, _) = try? tree.scalarHead(ofChild: row.index, in: table, bytes: longest) else {
            // Not JSON (a line of JSON Lines cut short): its bytes as written, escaped.
            let range = tree.valueRange(ofChild: row.index, in: table)
            let bytes = tree.bytes(in: range.lowerBound..<min(range.upperBound, range.lowerBound + longest))
            return text + JSONString.escaped(String(decoding: bytes, as: UTF8.self), quotes: false)
        }
        return text + scalar(value)
    }
}

extension JSONTree {
    /// The row whose text holds byte `offset`: the deepest node whose key or scalar holds it, or
    /// the container whose bracket or blanks do — looked for among the descendants of child
    /// `index` of `table` when given, else from the root. Nil before the root's text, or in a
    /// JSON Lines file's blanks between lines (its root has no row).
    func row(containing offset: Int, under child: (table: ChildTable, index: Int)? = nil) -> TreeRow? {
        var found: TreeRow?
        var table: ChildTable
        if let child {
            found = row(child.index, of: child.table)
            let value = valueRange(ofChild: child.index, in: child.table)
            guard child.table.childCount(of: child.index) != nil, value.contains(offset), offset > value.lowerBound else {
                return found
            }
            table = children(ofChild: child.index, in: child.table)
        } else {
            guard let root else {
                return rootScalar == nil ? nil : TreeRow(table: nil, index: 0, span: 0..<size)
            }
            if !isJSONLines { found = TreeRow(table: nil, index: 0, span: root.start..<(root.start + 1)) }
            table = root
        }
        while table.count > 0, offset >= table.start, offset < table.end || !table.isComplete {
            let index = table.index(ofChildContaining: offset)
            guard index >= 0, index < table.count else { break }
            found = row(index, of: table)
            let value = valueRange(ofChild: index, in: table)
            guard table.childCount(of: index) != nil, value.contains(offset), offset > value.lowerBound else { break }
            table = children(ofChild: index, in: table)
        }
        return found
    }

    /// The first byte from `offset` (below `end`) that may start a row's text
    /// (`RowWalk.isBetweenRows(_:)`).
    func firstTextByte(from offset: Int, below end: Int) -> Int {
        let bytes = self.bytes(in: offset..<min(end, offset + 4096))
        let skipped = bytes.prefix(while: RowWalk.isBetweenRows)
        return offset + skipped.count
    }

    /// Where rows start from `offset` on: `offset`, or the end of the row whose text holds it
    /// (a walk of rows, `RowWalk`, starts at a row's start, never inside a string).
    func startOfRows(from offset: Int, below end: Int) -> Int {
        guard let row = row(containing: firstTextByte(from: offset, below: end)), row.span.lowerBound < offset,
            row.span.upperBound > offset else { return offset }
        return row.span.upperBound
    }

    /// Child `index` of `table` as a row.
    func row(_ index: Int, of table: ChildTable) -> TreeRow {
        let value = valueRange(ofChild: index, in: table)
        let end = table.childCount(of: index) != nil ? min(value.upperBound, value.lowerBound + 1) : value.upperBound
        // (An object member's text starts at its key's quote; an element's at its value.)
        let start = table.isObject ? table.regionStart(of: index) : value.lowerBound
        return TreeRow(table: table, index: index, span: start..<max(end, start))
    }
}

extension JSONTree {
    /// The bytes of the searched text of the node at child indexes `indexes` (``RowText``): its
    /// key to its scalar's end or its container's opening bracket; nil when there is no such node.
    public func rowSpan(ofChildIndexes indexes: [Int]) -> Range<Int>? {
        guard let last = steps(toChildIndexes: indexes)?.last else {
            guard indexes.isEmpty else { return nil }
            return row(containing: root?.start ?? 0)?.span ?? 0..<0
        }
        return row(last.index, of: last.table).span
    }
}
