/// Any JSON that is not a stack document, as a stack document: a top-level array is one section
/// of items; an object is a section per key (its scalar fields gathered as `key: value` rows in
/// a first section). An item is titled by the field most likely to name it (`name`, `title`, `id`,
/// …), subtitled with its JSON path, and shows its fields as pretty-printed JSON lines. Its id is
/// its `id` or `name` field when that is unique in the document, else its JSON path (`[42]`,
/// `.users[3]`).
struct GenericMapping {
    /// Fields that name an item, most telling first.
    static let namingFields = [
        "name", "title", "id", "label", "key", "displayName", "login", "slug", "email", "summary", "message", "msg",
    ]

    private var items: [[StackDocument.Item]] = []
    private var sections: [(id: String, header: String)] = []

    /// The document for `json`, titled `title`.
    static func document(for json: JSONValue, title: String) -> StackDocument {
        var mapping = GenericMapping()
        switch json {
        case .array(let elements):
            mapping.addSection(id: "items", header: "\(elements.count) items", elements: elements, path: "")
        case .object(let members):
            let scalars = members.filter { !$0.value.isContainer }
            if !scalars.isEmpty {
                mapping.sections.append(("fields", "fields"))
                mapping.items.append(scalars.map { member in
                    StackDocument.Item(
                        id: "." + member.key, title: member.key + ": " + JSONPrettyPrinter.inline(member.value))
                })
            }
            for member in members where member.value.isContainer {
                let path = "." + member.key
                switch member.value {
                case .array(let elements):
                    mapping.addSection(id: path, header: "\(member.key) (\(elements.count))", elements: elements, path: path)
                case .object(let fields):
                    mapping.addSection(
                        id: path, header: member.key,
                        elements: fields.map { .object([$0]) }, path: path, keys: fields.map(\.key))
                default: break
                }
            }
        default:
            mapping.sections.append(("value", "value"))
            mapping.items.append([StackDocument.Item(id: "value", title: JSONPrettyPrinter.inline(json), subtitle: "(the whole document)")])
        }
        return mapping.finished(title: title)
    }

    /// Items from JSON Lines: each line a value, or an error row naming the line.
    static func document(forLines lines: [(number: Int, value: Result<JSONValue, JSONParseError>)], title: String) -> StackDocument {
        var mapping = GenericMapping()
        mapping.sections.append(("lines", "\(lines.count) lines"))
        mapping.items.append(lines.map { item(forLine: $0.number, $0.value) })
        return mapping.finished(title: title)
    }

    /// The item of JSON Lines line `number`: the value's item, or a row saying why it is not JSON.
    static func item(forLine number: Int, _ value: Result<JSONValue, JSONParseError>) -> StackDocument.Item {
        switch value {
        case .success(let value):
            return item(for: value, path: "line \(number)", fallbackID: "line-\(number)")
        case .failure(let error):
            return StackDocument.Item(
                id: "line-\(number)", title: "line \(number): not JSON", subtitle: "\(number):\(error.column): \(error.message)")
        }
    }

    private mutating func addSection(
        id: String, header: String, elements: [JSONValue], path: String, keys: [String]? = nil
    ) {
        sections.append((id, header))
        items.append(elements.enumerated().map { index, element in
            let elementPath = keys.map { path + "." + $0[index] } ?? path + "[\(index)]"
            if let keys, case .object(let members) = element, let value = members.first?.value {
                return Self.item(for: value, path: elementPath, fallbackID: elementPath, name: keys[index])
            }
            return Self.item(for: element, path: elementPath, fallbackID: elementPath)
        })
    }

    /// One item: titled by its naming field (or `name` given), its fields as JSON lines.
    private static func item(for value: JSONValue, path: String, fallbackID: String, name: String? = nil) -> StackDocument.Item {
        guard case .object(let members) = value else {
            let title = name.map { $0 + ": " + JSONPrettyPrinter.inline(value) } ?? JSONPrettyPrinter.inline(value)
            let art = value.isContainer ? JSONPrettyPrinter.lines(of: value) : []
            return StackDocument.Item(id: fallbackID, title: title, subtitle: path, art: art)
        }
        let naming = namingFields.lazy.compactMap { field in members.first { $0.key == field && !$0.value.isContainer } }.first
        let title = name ?? naming.map { JSONPrettyPrinter.inline($0.value).trimmingQuotes } ?? path
        let idField = members.first { ($0.key == "id" || $0.key == "name") && !$0.value.isContainer }
        let id = idField.map { JSONPrettyPrinter.inline($0.value).trimmingQuotes } ?? fallbackID
        return StackDocument.Item(
            id: id, title: title, subtitle: title == path ? nil : path,
            art: members.flatMap { member in
                JSONPrettyPrinter.lines(of: member.value).enumerated().map { index, line in
                    index == 0 ? JSONPrettyPrinter.quoted(member.key) + ": " + line : line
                }
            })
    }

    /// The document, with ids made unique: an id seen twice (or clashing with a section's row
    /// ids) falls back to the item's JSON path.
    private func finished(title: String) -> StackDocument {
        var seen: Set<String> = []
        var counts: [String: Int] = [:]
        for section in sections { seen.formUnion([section.id, section.id + "-header", section.id + "-footer"]) }
        for list in items { for item in list { counts[item.id, default: 0] += 1 } }
        var built: [StackDocument.Section] = []
        for (index, section) in sections.enumerated() {
            var list = items[index]
            for position in list.indices {
                var id = list[position].id
                // The path is the subtitle, or the title itself when nothing better named the item.
                if counts[id, default: 0] > 1 || seen.contains(id) { id = list[position].subtitle ?? list[position].title }
                while seen.contains(id) { id += "'" }
                seen.insert(id)
                list[position].id = id
            }
            built.append(StackDocument.Section(id: section.id, header: section.header, items: list))
        }
        return StackDocument(title: title, sections: built)
    }
}

extension JSONValue {
    /// Whether this is an array or an object.
    var isContainer: Bool {
        switch self {
        case .array, .object: return true
        default: return false
        }
    }
}

extension String {
    /// The text without the quotes JSON printing added.
    fileprivate var trimmingQuotes: String {
        utf8.count >= 2 && hasPrefix("\"") && hasSuffix("\"") ? String(dropFirst().dropLast()) : self
    }
}
