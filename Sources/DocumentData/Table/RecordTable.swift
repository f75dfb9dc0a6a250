/// The records of one container of a ``JSONTree`` — an array of objects, a JSON Lines file's
/// lines — as the rows of a table: a column for each member found in the first records sampled
/// (about 1,000), in first-seen order, a member that is an object flattened one level
/// (`ctx.user`). Nothing is decoded up front: a cell is read from its record's bytes when asked
/// for, as a tree row is.
///
/// Not thread-safe, as its tree: one owner asks for cells.
public struct RecordTable {
    /// The tree the records are read from.
    public let tree: JSONTree
    /// The container whose children are the records, as read so far.
    public private(set) var records: ChildTable
    /// The columns, in the order they were met.
    public private(set) var columns: [RecordColumn] = []
    private(set) var known: Set<[String]> = []

    /// The path of the container (`.` for the root, `.features`), to name a record.
    public let path: JSONPath
    /// The container's child indexes from the root (empty: the root).
    public let container: [Int]

    /// Records up to this many bytes are read in one go and parsed whole (a record read member
    /// by member cost a read of the file per key and per value: 83 s for the CSV of a million
    /// records); bigger ones are read member by member.
    public let parsedRecordBytes: Int

    /// The records sampled for the columns: the first this many.
    public static let sampledRecords = 1_000

    /// The table of `records`, the children of the container at `path` in `tree` (at child
    /// indexes `container` from the root), its columns from the first ``sampledRecords`` records.
    /// Records bigger than `parsedRecordBytes` are read a member at a time.
    public init(
        tree: JSONTree, records: ChildTable, path: JSONPath, container: [Int], parsedRecordBytes: Int = 1 << 16
    ) {
        self.tree = tree
        self.records = records
        self.path = path
        self.container = container
        self.parsedRecordBytes = parsedRecordBytes
        for row in 0..<min(records.count, Self.sampledRecords) { addColumns(of: row) }
        checkInvariants()
    }

    /// The table of the records of `tree`: its root's children when it is an array (a JSON
    /// Lines file's lines), else those of the first member of the root that is an array of
    /// objects (a GeoJSON's `features`, an API's `data`); nil when it has none.
    public init?(recordsOf tree: JSONTree, parsedRecordBytes: Int = 1 << 16) {
        guard let root = tree.root else { return nil }
        guard root.isObject else {
            self.init(tree: tree, records: root, path: JSONPath(components: []), container: [], parsedRecordBytes: parsedRecordBytes)
            return
        }
        for index in 0..<root.count where root.childCount(of: index) != nil && tree.firstByte(ofChild: index, in: root) == UInt8(ascii: "[") {
            // (An array of records: a GeoJSON's `bbox` of numbers, or an empty `errors`, is not.)
            let array = tree.children(ofChild: index, in: root)
            guard Self.holdsRecords(array, in: tree), let key = tree.key(ofChild: index, in: root) else { continue }
            self.init(
                tree: tree, records: array, path: JSONPath(components: [.key(key)]), container: [index],
                parsedRecordBytes: parsedRecordBytes)
            return
        }
        return nil
    }

    /// The elements of an array looked at to tell records from other arrays.
    public static let recordsSample = 8

    /// The bytes of the first ``sampledRecords`` whole records: what `:where` checks a
    /// comparison's types against (`RecordQuery.typeMismatch(in:)`).
    public var sampledRecordBytes: [[UInt8]] {
        (0..<min(records.wholeChildCount, Self.sampledRecords)).map { tree.bytes(in: tree.valueRange(ofChild: $0, in: records)) }
    }

    /// Whether `array` (the children of an array of `tree`) holds records: an object among its
    /// first ``recordsSample`` elements (a GeoJSON's `bbox` of numbers, an empty `errors`, do not).
    public static func holdsRecords(_ array: ChildTable, in tree: JSONTree) -> Bool {
        !array.isObject && (0..<min(array.count, recordsSample)).contains {
            array.childCount(of: $0) != nil && tree.firstByte(ofChild: $0, in: array) == UInt8(ascii: "{")
        }
    }

    /// Takes the same container read further (a file still read, a log that grows): its
    /// records so far are `records`, the first ones unchanged. Columns come from the sample
    /// still (the first ``sampledRecords``), the records of it that arrived now included.
    public mutating func takeRecords(_ records: ChildTable) {
        let sampled = min(self.records.count, Self.sampledRecords)
        self.records = records
        for row in sampled..<max(sampled, min(records.count, Self.sampledRecords)) { addColumns(of: row) }
        checkInvariants()
    }

    /// The column `name` names: as the header row names it (`ctx.user`), or in jq's form as the
    /// status line writes a path (`["a.b"]`, `ctx["user"]`, `.["nl\nx"]`: a key with a control
    /// character, which the header row shows inert).
    public func column(named name: String) -> RecordColumn? {
        if let column = columns.first(where: { $0.name == name }) { return column }
        guard let path = try? JSONPath(parsing: name.hasPrefix(".") ? name : "." + name) else { return nil }
        var keys: [String] = []
        for component in path.components {
            guard case .key(let key) = component else { return nil }
            keys.append(key)
        }
        return columns.first { $0.keys == keys }
    }

    /// The number of rows: one a record.
    public var rowCount: Int { records.count }

    /// How messages name record `row`: its line in a JSON Lines file, else its path (`.[3]`).
    public func name(ofRow row: Int) -> String {
        if tree.isJSONLines, path.components.isEmpty { return "line \(records.lineNumber(of: row))" }
        return JSONPath(components: path.components + [.index(row)]).description
    }

    /// Adds a column at the end for each member of record `row` that has none yet (a key met
    /// past the records sampled, in a record that came into view).
    /// - Returns: whether a column was added.
    @discardableResult
    public mutating func addColumns(of row: Int) -> Bool {
        let before = columns.count
        switch record(row) {
        case .parsed(let members):
            for member in members where Self.isColumnKey(member.key) {
                if case .object(let inner) = member.value, !inner.isEmpty {
                    for innerMember in inner where Self.isColumnKey(innerMember.key) {
                        add(keys: [member.key, innerMember.key])
                    }
                } else {
                    add(keys: [member.key])
                }
            }
        case .big(let record):
            addColumns(ofBig: record)
        case .notObject, .malformed:
            break
        }
        guard columns.count > before else { return false }
        checkInvariants()
        return true
    }

    /// The columns of a record too big to parse whole, read member by member.
    private mutating func addColumns(ofBig record: ChildTable) {
        for index in 0..<record.count {
            guard let key = columnKey(ofChild: index, in: record) else { continue }
            if let inner = object(at: index, in: record), inner.count > 0 {
                for innerIndex in 0..<inner.count {
                    if let innerKey = columnKey(ofChild: innerIndex, in: inner) { add(keys: [key, innerKey]) }
                }
            } else {
                add(keys: [key])
            }
        }
    }

    /// The longest key a column has, in bytes: a member with a longer key (a 60 MB key is no
    /// name to read in a header) has no column — the record's row opens in the tree, which
    /// shows it — so that a table costs what the tree costs for it.
    public static let longestColumnKey = 4_096

    /// Whether a member with `key` has a column.
    static func isColumnKey(_ key: String) -> Bool { key.utf8.count <= longestColumnKey }

    /// The key of child `index` of `table` when a column may have it: nil for none, or for a
    /// key longer than ``longestColumnKey`` (not read: its length is its region's).
    private func columnKey(ofChild index: Int, in table: ChildTable) -> String? {
        // (The region holds the quotes, an escape's backslashes and the colon: at least the key.)
        guard let region = table.keyRegion(of: index), region.count <= Self.longestColumnKey * 6 + 3 else { return nil }
        return tree.key(ofChild: index, in: table).flatMap { Self.isColumnKey($0) ? $0 : nil }
    }

    /// A column for `keys` at the end, unless one has them (its name made only then: the export
    /// asks this of every member of every record).
    private mutating func add(keys: [String]) {
        if known.insert(keys).inserted { columns.append(RecordColumn(keys: keys)) }
    }

    /// What record `row` has in each column, in order: its value, nothing, or why it cannot be
    /// read; nil when the record is no object (a line of JSON Lines may be anything). A record
    /// of up to ``parsedRecordBytes`` is read in one go and parsed (a key met twice: the last
    /// one, as jq); a bigger one is read a member at a time, a string's first `limit` bytes
    /// decoded (all of it with nil), a container by its size.
    public func cells(ofRow row: Int, limit: Int? = nil) -> [RecordCell]? {
        switch record(row) {
        case .parsed(let members):
            // Each key's last member (as jq), found once for all the columns.
            let byKey = Dictionary(members.map { ($0.key, $0.value) }) { $1 }
            return columns.map { column in
                guard var value = byKey[column.keys[0]] else { return .missing }
                if column.keys.count > 1 {
                    guard case .object(let inner) = value, let member = inner.last(where: { $0.key == column.keys[1] }) else {
                        return .missing
                    }
                    value = member.value
                }
                return .value(value, isWhole: true)
            }
        case .big(let record):
            return cells(ofBig: record, limit: limit)
        case .malformed(let error):
            return Array(repeating: .malformed(error), count: columns.count)
        case .notObject:
            return nil
        }
    }

    /// A record: its members parsed, or its table when it is too big to parse whole (read a
    /// member at a time), or what it is when it is no object.
    private enum Record {
        case parsed([JSONMember])
        case big(ChildTable)
        case notObject
        case malformed(JSONParseError)
    }


    /// Record `row`, read.
    private func record(_ row: Int) -> Record {
        guard row < records.count else { return .notObject }
        // (One read of the file a record: its region, blanks around the value included.)
        let region = records.valueRegion(of: row)
        guard region.count <= parsedRecordBytes else {
            guard records.childCount(of: row) != nil, tree.firstByte(ofChild: row, in: records) == UInt8(ascii: "{") else {
                return .notObject
            }
            return .big(tree.children(ofChild: row, in: records))
        }
        let bytes = tree.bytes(in: region)
        do {
            // (A line of JSON Lines that is no object may be no JSON either: it says so.)
            guard case .object(let members) = try JSONParser.parse(bytes) else { return .notObject }
            return .parsed(members)
        } catch {
            return .malformed(tree.locate(error, at: region.lowerBound))
        }
    }

    /// The cells of a record too big to parse whole (`cells(ofRow:limit:)`), read member by member.
    private func cells(ofBig record: ChildTable, limit: Int?) -> [RecordCell] {
        let members = keyIndexes(of: record)
        var inner: [Int: (table: ChildTable, members: [String: Int])?] = [:]
        return columns.map { column in
            guard let index = members[column.keys[0]] else { return .missing }
            guard column.keys.count > 1 else { return cell(index, of: record, limit: limit) }
            if inner[index] == nil {
                inner[index] = .some(object(at: index, in: record).map { ($0, keyIndexes(of: $0)) })
            }
            guard let nested = inner[index] ?? nil, let innerIndex = nested.members[column.keys[1]] else { return .missing }
            return cell(innerIndex, of: nested.table, limit: limit)
        }
    }

    /// Each key of `table`'s children and the index of the last child with it.
    private func keyIndexes(of table: ChildTable) -> [String: Int] {
        var indexes: [String: Int] = [:]
        for index in 0..<table.count {
            if let key = columnKey(ofChild: index, in: table) { indexes[key] = index }
        }
        return indexes
    }

    /// Child `index` of `table` as a cell.
    private func cell(_ index: Int, of table: ChildTable, limit: Int?) -> RecordCell {
        if let count = table.childCount(of: index) {
            return .container(isObject: tree.firstByte(ofChild: index, in: table) == UInt8(ascii: "{"), count: count,
                              bytes: tree.valueRange(ofChild: index, in: table))
        }
        if let limit, let head = tree.stringHead(ofChild: index, in: table, bytes: limit), !head.isWhole {
            return .value(.string(head.text), isWhole: false)
        }
        do {
            if let limit {
                let head = try tree.scalarHead(ofChild: index, in: table, bytes: limit)
                return .value(head.value, isWhole: head.isWhole)
            }
            return .value(try tree.scalar(ofChild: index, in: table), isWhole: true)
        } catch {
            return .malformed(error)
        }
    }

    /// The children of child `index` of `table` when it is an object.
    private func object(at index: Int, in table: ChildTable) -> ChildTable? {
        guard index < table.count, table.childCount(of: index) != nil,
            tree.firstByte(ofChild: index, in: table) == UInt8(ascii: "{") else { return nil }
        return tree.children(ofChild: index, in: table)
    }
}

/// One column of a ``RecordTable``: a member of the records, or a member of a member.
public struct RecordColumn: Hashable, Sendable {
    /// The keys from the record to the value: one, or two (one level of nesting flattened).
    public let keys: [String]
    /// How the header row names it: its keys joined by dots (`ctx.user`) — in jq's form when a
    /// key holds a dot or is empty (`["a.b"]`, `ctx[""]`), so two columns never share a name.
    /// Made once: a key may be megabytes long, and the header asks for it every frame.
    public let name: String

    /// A column of the value at `keys`.
    public init(keys: [String]) {
        self.keys = keys
        // (A dot looked for in the bytes: a key of 60 MB is not walked a character at a time.)
        let plain = !keys.contains { $0.isEmpty || $0.utf8.contains(UInt8(ascii: ".")) }
        name = plain ? keys.joined(separator: ".") : String(JSONPath(components: keys.map { .key($0) }).description.dropFirst())
    }

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.keys == rhs.keys }
    public func hash(into hasher: inout Hasher) { hasher.combine(keys) }
}

/// What a record has in a column.
public enum RecordCell: Equatable, Sendable {
    /// No such member (or the record is no object).
    case missing
    /// A scalar, decoded — only its first part when `isWhole` is false (a long string or number).
    case value(JSONValue, isWhole: Bool)
    /// An array or an object of a record read a member at a time: its size, and where its bytes
    /// are in the file (a record parsed whole has its containers as values).
    case container(isObject: Bool, count: Int, bytes: Range<Int>)
    /// A value that is not JSON, and where.
    case malformed(JSONParseError)
}
