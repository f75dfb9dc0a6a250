import Algorithms

/// Where the items of a ``LazyItems`` are in the file, and their sections: what reading an item
/// needs, as a value another thread can hold (the duplicate-id check confirms its candidates on
/// its own thread, from the tables as they were when the last item was in).
struct ItemPlaces: Sendable {
    /// The low 32 bits of each item's offset in the file; the high bits are the number of
    /// entries of `startHighs` at or before the item (a file over 4 GiB has a few).
    var startLows: [UInt32] = []
    /// The ordinals of the first items at or past each 4 GiB of the file.
    var startHighs: [Int] = []
    /// Each item's length in the file, `UInt16.max` for one of 64 KiB or more, whose length is
    /// in `longLengths` (2 MB a million items, not 4).
    var lengths: [UInt16] = []
    var longLengths: [Int: Int] = [:]
    /// The ordinal of each section's first item, in section order.
    var sectionStarts: [Int] = []

    /// Item `ordinal`'s offset in the file.
    func start(_ ordinal: Int) -> Int {
        var high = startHighs.count
        while high > 0, startHighs[high - 1] > ordinal { high -= 1 }
        return high << 32 | Int(startLows[ordinal])
    }

    /// Item `ordinal`'s length in the file.
    func length(_ ordinal: Int) -> Int {
        let short = lengths[ordinal]
        return short == .max ? longLengths[ordinal] ?? 0 : Int(short)
    }

    /// The section holding item `ordinal`.
    func section(ofOrdinal ordinal: Int) -> Int? {
        let after = sectionStarts.partitioningIndex { $0 > ordinal }
        return after == 0 ? nil : after - 1
    }

    /// The section of item `ordinal` and its index there.
    func location(ofOrdinal ordinal: Int) -> (section: Int, index: Int)? {
        section(ofOrdinal: ordinal).map { ($0, ordinal - sectionStarts[$0]) }
    }

    /// The JSON path of item `ordinal`.
    func path(ofOrdinal ordinal: Int) -> String? {
        location(ofOrdinal: ordinal).map { Self.path(section: $0.section, index: $0.index) }
    }

    /// The JSON path of item `index` of section `section`, as errors name it.
    static func path(section: Int, index: Int) -> String { "sections[\(section)].items[\(index)]" }

    /// Item `ordinal` read from `reader`'s file and decoded; an item that cannot be (bad JSON, a
    /// file that changed) is a row saying why, with its JSON path `path` as its id.
    func decode(_ ordinal: Int, path: String, from reader: FileReader) -> StackDocument.Item {
        let start = start(ordinal)
        do {
            try MemoryCheck.reserve(length(ordinal), for: reader.name)
        } catch {
            return LazyItems.errorItem(path: path, message: "\(error)")
        }
        guard let bytes = reader.bytes(at: start, length: length(ordinal)) else {
            return LazyItems.errorItem(path: path, message: "\(reader.name): the file changed while open (\(path) is gone)")
        }
        do {
            let json = try JSONParser.parse(bytes)
            return try SchemaReader(file: reader.name).item(from: json, at: path)
        } catch let error as JSONParseError {
            let itemStart = reader.lineAndColumn(of: start)
            let line = itemStart.line + error.line - 1
            let column = error.line == 1 ? itemStart.column + error.column - 1 : error.column
            return LazyItems.errorItem(path: path, message: "\(reader.name):\(line):\(column): \(error.message)")
        } catch {
            return LazyItems.errorItem(path: path, message: "\(error)")
        }
    }

    /// The first item, in file order, whose id an earlier item has, among the items whose id
    /// hash (`idHashes`, one an item) is in `hashes`: equal hashes are confirmed by decoding both
    /// items. The JSON paths of the earlier and the later item, and the id; nil when there is
    /// none, or when `isCancelled` says to stop (asked before each decode).
    /// - Complexity: O(items) to find the candidates, then a decode per candidate: the 32-bit
    ///   hashes of n ids make about n²/2³³ pairs that are no duplicate (a hundred at a million
    ///   items, twelve thousand at ten million).
    func firstDuplicateID(
        amongHashes hashes: Set<UInt32>, idHashes: [UInt32], from reader: FileReader, until isCancelled: () -> Bool
    ) -> DuplicateID? {
        guard !hashes.isEmpty else { return nil }
        // A bit for each value of a hash's low 16 bits: a million items pass it with a load
        // each, where asking the set hashed every item's hash (16 ms at a million).
        var maybe = [UInt64](repeating: 0, count: 1 << 10)
        for hash in hashes { maybe[Int(hash & 0xFFFF) >> 6] |= 1 << (hash & 63) }
        var seen: [String: String] = [:]
        for (ordinal, hash) in idHashes.enumerated()
        where maybe[Int(hash & 0xFFFF) >> 6] & (1 << (hash & 63)) != 0 && hashes.contains(hash) {
            guard !isCancelled() else { return nil }
            guard let path = path(ofOrdinal: ordinal) else { continue }
            let id = decode(ordinal, path: path, from: reader).id
            if let first = seen[id] { return DuplicateID(first: first, later: path, id: id) }
            seen[id] = path
        }
        return nil
    }
}

/// Two items with one id: the JSON paths of the earlier and of the later one, and the id.
struct DuplicateID: Sendable, Equatable {
    var first: String
    var later: String
    var id: String
}
