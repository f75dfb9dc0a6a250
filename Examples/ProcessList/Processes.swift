import Glibc
import TStackUI

/// One process, as `/proc/PID/stat` and `/proc/PID/status` say.
struct Process: Equatable {
    var pid: Int
    var command: String
    var state: Character
    var residentKiB: Int
}

/// The processes now, sorted by pid: the list's rows, with a header row pinned on top.
struct Processes: StackDataSource {
    var processes: [Process]

    var rowCount: Int { processes.count + 1 }
    func rowKind(at index: Int) -> RowKind { index == 0 ? .header : .item }
    func sectionRange(containing index: Int) -> Range<Int> { 0..<rowCount }
    func rowID(at index: Int) -> String { index == 0 ? "header" : "pid-\(processes[index - 1].pid)" }

    /// A binary search by pid: the ids of a reload are looked up without a scan.
    func rowIndex(forID id: String) -> Int? {
        if id == "header" { return 0 }
        guard id.hasPrefix("pid-"), let pid = Int(id.dropFirst(4)) else { return nil }
        var (low, high) = (0, processes.count)
        while low < high {
            let middle = (low + high) / 2
            if processes[middle].pid < pid { low = middle + 1 } else { high = middle }
        }
        return low < processes.count && processes[low].pid == pid ? low + 1 : nil
    }

    func resolveRow(at index: Int, crossExtent: Int) -> TextRow {
        guard index > 0 else {
            return TextRow(Self.columns("PID", "S", "RSS", "COMMAND"), style: Self.header, width: crossExtent, fillsWidth: true)
        }
        let process = processes[index - 1]
        return TextRow(
            Self.columns(String(process.pid), String(process.state), "\(process.residentKiB / 1024)M", process.command),
            width: crossExtent, wraps: false)
    }

    static let header = Style(foreground: .black, background: .cyan)

    static func columns(_ pid: String, _ state: String, _ rss: String, _ command: String) -> String {
        func right(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        return right(pid, 7) + "  " + state + " " + right(rss, 6) + "  " + command
    }

    /// Every process in `/proc` (those that exit while it is read are left out).
    static func read() -> Processes {
        var found: [Process] = []
        guard let directory = opendir("/proc") else { return Processes(processes: []) }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard let pid = Int(name), let process = process(pid) else { continue }
            found.append(process)
        }
        return Processes(processes: found.sorted { $0.pid < $1.pid })
    }

    /// `/proc/PID/stat`: the command between the first `(` and the last `)`, the state after it;
    /// the resident set from `/proc/PID/statm` (pages).
    private static func process(_ pid: Int) -> Process? {
        guard let stat = firstLine(of: "/proc/\(pid)/stat"),
            let open = stat.firstIndex(of: "("), let close = stat.lastIndex(of: ")") else { return nil }
        let command = String(stat[stat.index(after: open)..<close])
        let state = stat[close...].dropFirst(2).first ?? "?"
        let pages = firstLine(of: "/proc/\(pid)/statm")?.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return Process(pid: pid, command: command, state: state, residentKiB: pages * Int(sysconf(Int32(_SC_PAGESIZE))) / 1024)
    }

    private static func firstLine(of path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 1024)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
