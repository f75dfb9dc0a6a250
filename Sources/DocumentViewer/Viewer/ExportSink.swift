import DocumentData
import TerminalUI

/// Where an export writes its lines, and what it met: the one export path of every content
/// (``Viewer/export(to:)``). The export is a whole-file job like a search: it runs a window at a
/// time on a terminal, or to its end at once when jobs do not run in steps.
public final class ExportSink {
    /// Why an export stopped before its end.
    public enum Failure: Error, Equatable, CustomStringConvertible {
        /// The input failed or is not JSON (nothing was written, or, for a read error, what was read).
        case input(DocumentError)
        /// Records were asked for and the input has none (nothing was written).
        case noRecords(String)

        public var description: String {
            switch self {
            case .input(let error): return "\(error)"
            case .noRecords(let name): return "\(name): no records to show as a table (an array of objects, or a root with one)"
            }
        }
    }

    let emit: (String) -> Void
    /// The file `:write` writes, put in place when the export ends whole (``finish()``).
    let file: PendingFile?
    /// The records written (by the exports that write records: a table's rows, `:write`'s).
    var records = 0
    /// Whether only records are wanted (`--view table`): a tree with none fails with ``Failure/noRecords(_:)``.
    public let wantsRecords: Bool
    /// Whether a CSV field that a spreadsheet would take for a formula is written as it is
    /// (`--csv-formulas`); by default it is written behind a `'`.
    public let keepsFormulas: Bool
    /// What could not be written as the input has it.
    public internal(set) var problems = ExportProblems()
    /// Why the export stopped before its end, if it did.
    public internal(set) var failure: Failure?

    /// A sink calling `emit` with each line (without its line feed).
    public init(wantsRecords: Bool = false, keepsFormulas: Bool = false, emit: @escaping (String) -> Void) {
        self.wantsRecords = wantsRecords
        self.keepsFormulas = keepsFormulas
        self.emit = emit
        file = nil
    }

    /// A sink writing `file` (`:write`), a line at a time.
    init(writing file: PendingFile) {
        wantsRecords = true
        keepsFormulas = false
        self.file = file
        emit = { [file] in file.append(line: $0) }
    }

    /// What the export says when it ends (``message``); a `:write` puts its file in place
    /// first, or removes it when the export failed, and says how many records it wrote.
    func finish() -> String? {
        guard let file else { return message }
        if let failure {
            file.discard()
            return ":write \(file.path): \(failure)"
        }
        if let error = file.commit() { return ":write: \(error)" }
        let wrote = "wrote \(StatusLine.grouped(records)) record\(records == 1 ? "" : "s") to \(CellText.inert(file.path))"
        return message.map { "\(wrote) · \($0)" } ?? wrote
    }

    /// Checks `tree` before an export writes from it: its input's failure, then (unless it is
    /// JSON Lines, each line a record of its own) its whole grammar.
    /// - Returns: false, ``failure`` set, when nothing may be written.
    func accepts(_ tree: JSONTree) -> Bool {
        do throws(DocumentError) {
            if let failure = tree.scanFailure ?? tree.inputFailure { throw failure }
            if !tree.isJSONLines { try tree.checkGrammar() }
            return true
        } catch {
            failure = .input(error)
            return false
        }
    }

    /// Notes that `problem` (a row saying why) could not be written as the input has it.
    func note(_ problem: String) {
        problems.count += 1
        if problems.first == nil { problems.first = problem }
    }

    /// What the export says when it ends: why it failed, or what it could not write as the input
    /// has it (the first, and how many more); nil when it wrote the whole input.
    public var message: String? {
        if let failure { return "\(failure)" }
        guard let first = problems.first else { return nil }
        return problems.count > 1 ? "\(first) (and \(problems.count - 1) more items that cannot be read)" : first
    }
}

/// Writes a document a window at a time, for an ``ExportJob``.
protocol ExportWriting {
    /// Writes the next window to `sink`.
    /// - Returns: false once everything is written, or the export failed (`sink.failure`).
    mutating func write(to sink: ExportSink) -> Bool
    /// How much is written, from 0 to 1.
    var fraction: Double { get }
}

extension ExportWriting {
    /// Writes everything at once (a value copied whole, a test).
    mutating func writeAll(to sink: ExportSink) {
        while write(to: sink) {}
    }
}

/// An export as a content's whole-file job: its writer's windows a step each.
struct ExportJob<Content>: ContentJob {
    var kind: ViewerJob { .export }
    private var writer: any ExportWriting
    private let sink: ExportSink

    init(_ writer: some ExportWriting, to sink: ExportSink) {
        self.writer = writer
        self.sink = sink
    }

    func progress(in content: Content) -> String? {
        "writing … \(min(99, Int(writer.fraction * 100)))% \(JobPolicy.hint(for: .export))"
    }

    mutating func step(in content: inout Content) -> JobStep {
        writer.write(to: sink) ? .working : .ended(said: sink.finish())
    }
}
