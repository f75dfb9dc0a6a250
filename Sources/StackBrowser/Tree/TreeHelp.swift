/// The tree view's keys, with what they do: the F1 box shows them, and a test checks the
/// README's table of the tree's keys against them.
enum TreeHelp {
    /// Each entry: the keys as the README writes them, and what they do in a few words.
    static let entries: [(keys: String, does: String)] = [
        ("`j` / Tab, `k` / Shift-Tab", "the next / previous node"),
        ("Enter, `za`", "open or close the focused container (or long string)"),
        ("`l` / Right", "open it; on an open one, its first child"),
        ("`h` / Left", "close it; on a closed one or a scalar, its parent"),
        ("`zo`, `zc`", "open, close"),
        ("`zM`, `zR`", "close every container but the root / open all as they show"),
        ("`]`, `[`", "the next / previous sibling"),
        ("`g` / Home, `G` / End", "the root, the last node"),
        ("Down, Up, Space, PgDn, `b`, PgUp, Ctrl-D, Ctrl-U", "scroll"),
        ("`/`, `?`, `n`, `N`", "search keys and values forward / back; again"),
        ("`&`", "only the root's children that match (alone: all)"),
        ("`:goto PATH` (or `:PATH`)", "any node, opening its ancestors (.a.b[0])"),
        ("`F`", "follow the end of a growing input"),
        ("`m`, `'`", "mark or unmark the node / the next marked node"),
        ("`:marks`", "list the marked nodes"),
        ("`y`, `Y`", "copy the node's path / its value as JSON (OSC 52)"),
        ("F1", "this help"),
        ("`q`, `:q`", "quit"),
    ]

    /// The box's lines: keys, then what they do.
    static var lines: [String] {
        entries.map { entry in
            let keys = String(entry.keys.filter { $0 != "`" })
            return keys + String(repeating: " ", count: max(1, 24 - keys.count)) + entry.does
        }
    }
}
