import StackEngine
import TerminalUI
import TestSupport
import Testing
import Widgets

/// `TableDataSource`'s documentation example (`DocSamplesTests` holds the doc to its text).
struct Processes: TableDataSource {
    var all: [Process]
    var rowCount: Int { all.count }
    var columnCount: Int { 2 }
    func title(ofColumn column: Int) -> String { ["command", "cpu"][column] }
    func width(ofColumn column: Int) -> Int { [30, 6][column] }
    func label(ofRow row: Int) -> String { String(row + 1) }
    func rowID(at row: Int) -> String { String(all[row].pid) }
    func rowIndex(forID id: String) -> Int? { all.firstIndex { String($0.pid) == id } }
    func record(at row: Int) -> Process { all[row] }
    func cell(atColumn column: Int, of process: Process) -> TableCell {
        column == 0 ? TableCell(process.command) : TableCell("\(process.cpu)", alignment: .trailing)
    }
}

/// What the example's rows are.
struct Process: Equatable {
    var pid: Int
    var command: String
    var cpu: Double
}

/// A table that sorts as SwiftUI's `Table(sortOrder:)`: the caller sorts its rows for the order
/// the keys ask, the header marks the sorted column, the selected row is kept by id.
@Suite struct TableSortTests {
    static let processes = [
        Process(pid: 1, command: "init", cpu: 0.5), Process(pid: 7, command: "sshd", cpu: 3.0),
        Process(pid: 12, command: "bash", cpu: 1.5), Process(pid: 40, command: "top", cpu: 9.0),
    ]

    /// The caller's sort: by command or by cpu, either way; the pids' order for none.
    static func sorted(_ order: [TableSortKey]) -> Processes {
        guard let key = order.first else { return Processes(all: processes) }
        let rows = processes.sorted { a, b in
            let before = key.column == 0 ? a.command < b.command : a.cpu < b.cpu
            let after = key.column == 0 ? b.command < a.command : b.cpu < a.cpu
            return key.ascending ? before : after
        }
        return Processes(all: rows)
    }

    static func screen(_ table: inout LazyTable<Processes>) -> [String] {
        var buffer = CellBuffer(width: 30, height: 6)
        table.draw(into: &buffer, area: Rect(x: 0, y: 0, width: 30, height: 6))
        return buffer.textLines()
    }

    @Test func theKeysAskForAnOrderTheCallerSortsAndTheSelectionStays() {
        var table = LazyTable(source: Processes(all: Self.processes), width: 30, height: 6)
        table.sortRows { Self.sorted($0) }
        table.select(row: 2)
        table.selectNextColumn()
        // `]` on the cpu column: largest first, the header says so, bash (pid 12) still selected.
        table.perform(TableKeys.table.action(for: KeyChord(.character("]")), in: .list)!)
        #expect(table.sortOrder == [TableSortKey(column: 1, ascending: false)])
        #expect(table.selectedRowID == "12" && table.selectedColumn == 1)
        let sorted = Self.screen(&table)
        #expect(sorted[0].contains("▼ cpu"), "\(sorted)")
        #expect(sorted.dropFirst().prefix(4).map { $0.split(separator: " ").last.map(String.init) ?? "" } == ["9.0", "3.0", "1.5", "0.5"], "\(sorted)")
        // `[` asks for smallest first; `[` again for the rows' own order.
        table.perform(.sortBySelectedColumn(descending: false))
        #expect(table.source.all.map(\.pid) == [1, 12, 7, 40])
        table.perform(.sortBySelectedColumn(descending: false))
        #expect(table.sortOrder.isEmpty && table.source.all.map(\.pid) == [1, 7, 12, 40])
        #expect(!Self.screen(&table)[0].contains("▲") && table.selectedRowID == "12")
    }

    /// Without a sort of the caller's, a key changes the order asked only.
    @Test func withoutACallersSortTheOrderIsOnlyAsked() {
        var table = LazyTable(source: Processes(all: Self.processes), width: 30, height: 6)
        table.perform(.sortBySelectedColumn(descending: false))
        #expect(table.sortOrder == [TableSortKey(column: 0)])
        #expect(table.source.all == Self.processes)
        table.sort(by: table.sortOrder, rows: Self.sorted(table.sortOrder))
        #expect(table.source.all.map(\.command) == ["bash", "init", "sshd", "top"])
    }
}
