/// Turns parsed JSON into a ``StackDocument``, naming the JSON path of the first thing that does
/// not fit. Unknown fields are ignored, so newer documents still open in older viewers.
struct SchemaReader {
    let file: String

    func document(from json: JSONValue) throws -> StackDocument {
        guard case .object = json else {
            throw failure("", "expected an object with \"sections\", found \(json.typeName)")
        }
        let title = try optionalString(json["title"], at: "title")
        guard let sectionsValue = json["sections"] else {
            throw failure("", "missing required field \"sections\" (an array of sections)")
        }
        let sections = try array(sectionsValue, at: "sections").enumerated().map { index, value in
            try section(from: value, at: "sections[\(index)]")
        }
        let pinned = try pinnedEdges(json["pinned"])
        var ids = IDRegistry()
        for (s, section) in sections.enumerated() {
            let path = "sections[\(s)]"
            try ids.claim(section.id, at: path + ".id", file: file)
            try ids.claim(section.headerID, at: path + ".id (its header row)", file: file)
            try ids.claim(section.footerID, at: path + ".id (its footer row)", file: file)
            for (i, item) in section.items.enumerated() {
                try ids.claim(item.id, at: "\(path).items[\(i)].id", file: file)
            }
        }
        let shortcuts = try self.shortcuts(json["shortcuts"], ids: ids)
        return StackDocument(title: title, sections: sections, shortcuts: shortcuts, pinned: pinned)
    }

    // MARK: - Parts

    func section(from json: JSONValue, at path: String) throws -> StackDocument.Section {
        guard case .object = json else { throw failure(path, "expected an object, found \(json.typeName)") }
        let id = try requiredID(json["id"], at: path + ".id")
        let layoutName = try optionalString(json["layout"], at: path + ".layout") ?? "vertical"
        guard let layout = StackDocument.Layout(rawValue: layoutName) else {
            throw failure(path + ".layout", "expected \"vertical\" or \"horizontal\", found \"\(layoutName)\"")
        }
        guard let itemsValue = json["items"] else {
            throw failure(path, "missing required field \"items\" (an array of items)")
        }
        let items = try array(itemsValue, at: path + ".items").enumerated().map { index, value in
            try item(from: value, at: "\(path).items[\(index)]")
        }
        return StackDocument.Section(
            id: id,
            header: try optionalString(json["header"], at: path + ".header"),
            footer: try optionalString(json["footer"], at: path + ".footer"),
            layout: layout,
            items: items
        )
    }

    func item(from json: JSONValue, at path: String) throws -> StackDocument.Item {
        guard case .object = json else { throw failure(path, "expected an object, found \(json.typeName)") }
        let id = try requiredID(json["id"], at: path + ".id")
        guard let titleValue = json["title"] else {
            throw failure(path, "missing required field \"title\" (a string)")
        }
        guard case .string(let title) = titleValue else {
            throw failure(path + ".title", "expected a string, found \(titleValue.typeName)")
        }
        var art: [String] = []
        if let lines = json["art"] {
            for (index, line) in try array(lines, at: path + ".art").enumerated() {
                guard case .string(let text) = line else {
                    throw failure("\(path).art[\(index)]", "expected a string, found \(line.typeName)")
                }
                art.append(text)
            }
        }
        return StackDocument.Item(
            id: id,
            title: title,
            subtitle: try optionalString(json["subtitle"], at: path + ".subtitle"),
            art: art,
            body: try optionalString(json["body"], at: path + ".body"),
            detail: try detail(json["detail"], at: path + ".detail")
        )
    }

    private func detail(_ json: JSONValue?, at path: String) throws -> Int {
        guard let json else { return 1 }
        guard case .number(let lexeme) = json, let level = Int(lexeme), (1...3).contains(level) else {
            throw failure(path, "expected 1, 2 or 3, found \(describe(json))")
        }
        return level
    }

    func pinnedEdges(_ json: JSONValue?) throws -> Set<StackDocument.PinnedEdge> {
        guard let json else { return [.headers] }
        var edges: Set<StackDocument.PinnedEdge> = []
        for (index, value) in try array(json, at: "pinned").enumerated() {
            guard case .string(let name) = value, let edge = StackDocument.PinnedEdge(rawValue: name) else {
                throw failure("pinned[\(index)]", "expected \"headers\" or \"footers\", found \(describe(value))")
            }
            edges.insert(edge)
        }
        return edges
    }

    func shortcuts(_ json: JSONValue?, ids: IDRegistry?) throws -> [StackDocument.Shortcut] {
        guard let json else { return [] }
        return try array(json, at: "shortcuts").enumerated().map { index, value in
            let path = "shortcuts[\(index)]"
            guard case .object = value else { throw failure(path, "expected an object, found \(value.typeName)") }
            let keyText = try optionalString(value["key"], at: path + ".key") ?? ""
            guard keyText.count == 1, let key = keyText.first else {
                throw failure(path + ".key", "expected a single character, found \"\(keyText)\"")
            }
            let target = try requiredID(value["target"], at: path + ".target")
            if let ids, !ids.contains(target) {
                throw failure(path + ".target", "no row with id \"\(target)\"")
            }
            let label = try optionalString(value["label"], at: path + ".label") ?? target
            return StackDocument.Shortcut(key: key, label: label, target: target)
        }
    }

    // MARK: - Scalars

    private func array(_ json: JSONValue, at path: String) throws -> [JSONValue] {
        guard case .array(let elements) = json else {
            throw failure(path, "expected an array, found \(json.typeName)")
        }
        return elements
    }

    // (The path of a member read per section or item is made only for an error: the scan of a
    // big file reads ten thousand sections' ids and headers.)
    func optionalString(_ json: JSONValue?, at path: @autoclosure () -> String) throws -> String? {
        guard let json else { return nil }
        if case .null = json { return nil }
        guard case .string(let text) = json else {
            throw failure(path(), "expected a string, found \(json.typeName)")
        }
        return text
    }

    func requiredID(_ json: JSONValue?, at path: @autoclosure () -> String) throws -> String {
        guard let json else { throw failure(path(), "missing required id (a non-empty string)") }
        guard case .string(let id) = json, !id.isEmpty else {
            throw failure(path(), "expected a non-empty string, found \(describe(json))")
        }
        return id
    }

    private func describe(_ json: JSONValue) -> String {
        switch json {
        case .number(let lexeme): return lexeme
        case .string(let text): return "\"\(text.prefix(40))\""
        default: return json.typeName
        }
    }

    private func failure(_ path: String, _ message: String) -> DocumentError {
        .schema(file: file, path: path, message: message)
    }
}

/// Row ids seen so far and where, to name both places of a duplicate.
struct IDRegistry {
    private var places: [String: String] = [:]

    func contains(_ id: String) -> Bool { places[id] != nil }

    mutating func claim(_ id: String, at path: String, file: String) throws {
        if let first = places[id] {
            throw DocumentError.schema(
                file: file, path: path, message: "duplicate id \"\(id)\" (also at \(first))")
        }
        places[id] = path
    }
}
