import DocumentData
import TerminalUI

/// What a tree's filter keeps a container's children by: a pattern one of their rows matches
/// (`&PATTERN`), or a `:where` query on the records' members.
enum ChildFilter {
    case pattern(RegexPattern)
    case query(RecordQuery)

    /// As typed: `&PATTERN`, `where EXPR`.
    var typed: String {
        switch self {
        case .pattern(let pattern): return "&\(CellText.inert(pattern.source))"
        case .query(let query): return "where \(CellText.inert(query.description))"
        }
    }

    /// As the status line's `filter:` shows it: the pattern, or `where EXPR`.
    var shown: String {
        switch self {
        case .pattern(let pattern): return pattern.source
        case .query(let query): return "where \(query.description)"
        }
    }
}
