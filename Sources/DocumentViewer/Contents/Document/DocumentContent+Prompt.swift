import StackEngine
import TerminalUI

// MARK: - What the viewer's prompt and boxes ask of a stack document

extension DocumentContent {
    /// The ids starting with `prefix`, for completion after `goto`.
    func completions(of prefix: String, limit: Int) -> [String] {
        rows.ids(withPrefix: prefix, limit: limit)
    }

    /// An item no longer there has no nearest one: its id says nothing of where it was.
    mutating func refocus(on id: String) -> String? { run(.goto(id, alignment: nil)) }

    /// Runs the commands that concern the document: `goto`, `top`, `bottom`, `detail`.
    /// - Returns: what to say: why a mistake is one, or the command's answer.
    mutating func run(_ command: ViewerCommand) -> String? {
        switch command {
        case let .goto(id, alignmentName):
            var alignment = ScrollAlignment.top
            if let alignmentName {
                guard let named = ScrollAlignment(rawValue: alignmentName) else {
                    return "expected top, center or bottom, found \"\(CellText.inert(alignmentName))\""
                }
                alignment = named
            }
            markJumpStart()
            defer { startAnimation() }
            guard !view.scroll(toID: id, alignment: alignment) else { return nil }
            guard isLoading else { return "no item with id \"\(CellText.inert(id))\"" }
            wait(ItemJumpJob(.id(id, alignment)))
            return nil
        case .top: return perform(.top)
        case .bottom: return perform(.bottom)
        case .detail(let level): return setDetailLevel(level)
        case .sort: return "sort: a table's rows (T on an array of records in a tree)"
        case .where: return "where: a table's rows (T on an array of records in a tree)"
        case .frequency, .describe: return "freq, describe: the records of a tree or a table (a stack document has none)"
        case .write: return "write: records of a tree or a table; a stack document prints as text with tstack render"
        case .stats, .marks, .help, .reload, .quit: return nil
        }
    }

    /// The marks box: each marked item with its title.
    var markListing: (title: String, lines: [String]) {
        ("Marks (\(marks.count))", marks.listing(in: rows, detailLevel: detail.level))
    }

    /// The help box's title.
    var helpTitle: String { "Keys and commands" }

    /// The document's shortcuts, after the keys.
    var extraHelpLines: [String] {
        let taken = rows.document.shortcuts.filter { !shortcuts.contains($0) }
        return (shortcuts.isEmpty ? [] : [
            "shortcuts: " + shortcuts.map { "\($0.key) \($0.label)" }.joined(separator: "  "),
        ]) + (taken.isEmpty ? [] : [
            "shortcuts taken by built-in keys: " + taken.map { "\($0.key) \($0.label)" }.joined(separator: "  "),
        ])
    }
}
