/// What an export met that it could not write as the input has it: a stack document's items
/// that could not be read (`StackDocumentExport`), records that are no objects or hold what is
/// not JSON (`TableExport`). The export is then not the whole input, and the caller says so.
public struct ExportProblems: Equatable, Sendable {
    /// What could not be read (each exported as a row, or a line, saying so).
    public var count = 0
    /// Why the first of them could not, as its row says (file, line and column).
    public var first: String?

    /// None.
    public init() {}
}
