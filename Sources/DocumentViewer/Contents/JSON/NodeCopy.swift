import DocumentData
import TerminalUI

// MARK: - `y`: what is copied of the focused node

extension NodeFocusing {
    /// The most bytes `y` copies (terminals refuse longer OSC 52 sequences).
    static var clipboardLimit: Int { 1 << 20 }

    /// What `y` copies of the focused node: its value pretty-printed (`yy`), on one line (`yv`)
    /// or as the file writes it (`Y`); its path (`yp`) or its key (`yk`: an array element's
    /// index).
    /// In a table, the selected cell's node (its record when it has no member there).
    func copy(_ target: CopyTarget) -> Result<(text: String, said: String), CopyRefusal> {
        if let note = nodesHiddenNote { return .failure(CopyRefusal(message: note)) }
        guard let steps = focusedSteps else { return .failure(CopyRefusal(message: "nothing to copy: \(emptyNote)")) }
        return copy(target, steps: steps)
    }

    /// What `y` copies of the node at the end of `steps` (the root when there are none).
    private func copy(
        _ target: CopyTarget, steps: [(table: ChildTable, index: Int)]
    ) -> Result<(text: String, said: String), CopyRefusal> {
        let shownPath = outline.path(of: steps)
        switch target {
        case .path, .bracketedPath:
            // The path with its keys whole (the one shown cuts a key of kilobytes); a path under
            // a key of megabytes is as long, and terminals refuse such OSC 52 sequences.
            guard let path = outline.wholePath(of: steps, keysUpTo: Self.clipboardLimit),
                path.description.utf8.count <= Self.clipboardLimit else {
                return .failure(CopyRefusal(message: "too long to copy: the path holds a key of over 1 MiB"))
            }
            let text = target == .path ? path.description : path.bracketed
            return .success((text, "copied the path \(target == .path ? "\(shownPath)" : CellText.inert(text))"))
        case .key:
            guard !steps.isEmpty else { return .failure(CopyRefusal(message: "the root has no key (yp copies its path)")) }
            guard let path = outline.wholePath(of: steps, keysUpTo: Self.clipboardLimit),
                let last = path.components.last else {
                return .failure(CopyRefusal(message: "too long to copy: the key is over 1 MiB"))
            }
            switch last {
            case .key(let key): return .success((key, "copied the key \(JSONString.literal(String(key.prefix(60))))"))
            case .index(let index): return .success(("\(index)", "copied the index \(index)"))
            }
        case .value, .valueOnOneLine, .valueAsWritten:
            return copyValue(target, steps: steps, shownPath: shownPath)
        case .string:
            return copyString(steps: steps, shownPath: shownPath)
        }
    }

    /// `ys`: the focused string's value, its escapes resolved, without quotes.
    private func copyString(
        steps: [(table: ChildTable, index: Int)], shownPath: JSONPath
    ) -> Result<(text: String, said: String), CopyRefusal> {
        let tree = json.tree
        guard let last = steps.last, last.table.childCount(of: last.index) == nil else {
            return .failure(CopyRefusal(message: "ys copies a string: \(shownPath) is a container (yy copies it)"))
        }
        let range = tree.valueRange(ofChild: last.index, in: last.table)
        guard range.count <= Self.clipboardLimit + 2 else { return .failure(Self.tooBig(range.count)) }
        guard case .string(let text)? = try? JSONParser.parse(tree.bytes(in: range)) else {
            return .failure(CopyRefusal(message: "ys copies a string: \(shownPath) is not one (yy copies it)"))
        }
        return .success((text, "copied the string of \(shownPath)"))
    }

    /// The focused node's value: as written, pretty or on one line.
    private func copyValue(
        _ target: CopyTarget, steps: [(table: ChildTable, index: Int)], shownPath: JSONPath
    ) -> Result<(text: String, said: String), CopyRefusal> {
        let tree = json.tree
        // A container still read has no value yet: what was read of it is not it.
        if steps.last.map({ $0.table.isGrowing($0.index) }) ?? (tree.root?.isComplete == false && !tree.isJSONLines) {
            return .failure(CopyRefusal(message: "\(shownPath) \(tree.isScanning ? "is still being read (\(tree.readNote)): copy it once it is read" : "was not read to its end: the input stopped inside it")"))
        }
        let range: Range<Int>
        if let last = steps.last {
            range = tree.valueRange(ofChild: last.index, in: last.table)
        } else if tree.isJSONLines {
            // The root of JSON Lines is the array of its lines, which the file does not write:
            // copied as the export writes it.
            guard tree.size <= Self.clipboardLimit else { return .failure(Self.tooBig(tree.size)) }
            var lines: [String] = []
            do {
                try TreeExport.write(tree) { lines.append($0) }
            } catch {
                return .failure(CopyRefusal(message: "cannot copy: \(error)"))
            }
            let text = target == .valueOnOneLine
                ? TreeExport.format(Array(lines.joined().utf8), oneLine: true) : lines.joined(separator: "\n")
            return .success((text, "copied the value of . (the array of its lines)"))
        } else if let root = tree.root {
            range = root.start..<(root.end + 1)
        } else {
            range = 0..<tree.size
        }
        guard range.count <= Self.clipboardLimit else { return .failure(Self.tooBig(range.count)) }
        let bytes = tree.bytes(in: range)
        let size = "\(StatusLine.grouped(range.count)) bytes"
        switch target {
        case .value:
            return .success((TreeExport.format(bytes, oneLine: false), "copied the value of \(shownPath), pretty-printed"))
        case .valueOnOneLine:
            return .success((TreeExport.format(bytes, oneLine: true), "copied the value of \(shownPath) on one line"))
        default:
            return .success((String(decoding: bytes, as: UTF8.self), "copied the value of \(shownPath) (\(size))"))
        }
    }

    private static func tooBig(_ size: Int) -> CopyRefusal {
        CopyRefusal(message: "too big to copy: \(StatusLine.grouped(size)) bytes (at most 1 MiB)")
    }
}
