import TStackUI

/// The article `AFoldableTree`'s code, compiled: a tree of folders (here a table in memory, as a
/// file system would give it) on `TStackUI` alone, folded and drawn.
let folders: [String: [String]] = [
    "/": ["/docs", "/src", "/README"],
    "/docs": ["/docs/guide", "/docs/api"],
    "/src": ["/src/main.swift", "/src/lib"],
    "/src/lib": ["/src/lib/a.swift", "/src/lib/b.swift"],
]
func isFolder(_ path: String) -> Bool { folders[path] != nil }
func entries(_ path: String) -> [String] { folders[path] ?? [] }

final class Folders: TreeModel {
    struct Children: TreeChildren {
        var paths: [String] = []
        var count: Int { paths.count }
        func childCount(of index: Int) -> Int? { isFolder(paths[index]) ? entries(paths[index]).count : nil }
    }
    var root: Children? { Children(paths: entries("/")) }
    func children(ofChild index: Int, in parent: Children) -> Children {
        Children(paths: entries(parent.paths[index]))
    }
}

let outline = TreeOutline(model: Folders())
var tree = LazyTree(source: OutlineRows(outline: outline) { row, width in
    let name = row.steps.last.map { $0.table.paths[$0.index] } ?? "/"
    return TextRow(String(repeating: "  ", count: row.depth) + (row.role == .closing ? "└" : name), width: width)
}, width: 30, height: 12)
tree.selectNext()           // /docs
tree.closeOrLeave()              // closes it
tree.focusSibling(forward: true) // /src
tree.selectNext()           // /src/main.swift
tree.selectNext()           // /src/lib, closed
tree.openOrEnter()               // opens it
var screen = CellBuffer(width: 30, height: 12)
tree.draw(into: &screen, area: Rect(screen))
for line in screen.textLines() { print(line) }
