import Benchmark
import Glibc
import DocumentViewer
import DocumentData
import TerminalUI

/// Work over a whole file read lazily, at 10^3 and 10^6 items (issue 13): the scan that indexes
/// it, a search that finds nothing (every item looked at), and a filter. The files are written
/// once, before the first measurement; each sample does the whole operation once.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident], warmupIterations: 1, scalingFactor: .one,
        maxDuration: .seconds(10), maxIterations: 10)

    treeBenchmarks()
    for count in [1_000, 1_000_000] {
        let label = count == 1_000 ? "10^3" : "10^6"
        let path = "/tmp/tstack-bench-\(count).json"
        Benchmark("scan \(label) items (\(Generated.megabytes(path, count)) MB)") { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(Generated.read(path).itemCount)
            }
        }
        Benchmark("search with no match, \(label) items") { benchmark in
            var browser = Generated.browser(path)
            for _ in benchmark.scaledIterations {
                browser.type("/zzz qqq\n")
                blackHole(browser.message)
            }
        }
        Benchmark("filter keeping 1 in 100, \(label) items") { benchmark in
            var browser = Generated.browser(path)
            for _ in benchmark.scaledIterations {
                browser.type(#"&Item \d*00\b"# + "\n")
                blackHole(browser.statistics.rows)
                browser.type("&\n")
            }
        }
    }
}

/// The generated documents: items with a title, a subtitle, a two-line art and a body, in
/// sections of 500 — about 260 bytes an item.
enum Generated {
    /// The size of the file at `path`, written first if it is not there, in MB.
    static func megabytes(_ path: String, _ count: Int) -> Int {
        var status = stat()
        if stat(path, &status) != 0 { write(path, count) }
        _ = stat(path, &status)
        return Int(status.st_size) >> 20
    }

    static func write(_ path: String, _ count: Int) {
        let file = fopen(path, "w")
        fputs(#"{"title": "bench", "sections": ["#, file)
        for start in stride(from: 0, to: count, by: 500) {
            fputs((start > 0 ? "," : "") + "\n" + #"{"id": "s\#(start)", "header": "From \#(start)", "items": ["#, file)
            for number in start..<min(count, start + 500) {
                let item = #"{"id": "item-\#(number)", "title": "Item \#(number)", "subtitle": "crease \#(number % 7)", "#
                    + #""art": ["+--+", "|\\/|"], "detail": \#(number % 3 + 1), "#
                    + #""body": "Fold the flap up along the line and crease it firmly; then unfold it."}"#
                fputs((number > start ? ",\n" : "\n") + item, file)
            }
            fputs("]}", file)
        }
        fputs("]}\n", file)
        fclose(file)
    }

    /// The whole document at `path`, scanned to its end.
    static func read(_ path: String) -> LazyDocument {
        let lazy = try! LazyDocument.open(path: path, minimumSize: 0)!
        lazy.wait { _ in false }
        return lazy
    }

    /// A viewer of the whole document at `path`, every item taken in; a search or a filter runs
    /// to its end within its key (as in `render`).
    static func browser(_ path: String) -> Viewer {
        var browser = Viewer(loading: read(path), fileName: "bench.json", size: TerminalSize(width: 120, height: 40))
        browser.searchesInSteps = false
        while browser.document?.isLoading == true { _ = browser.update(.tick) }
        return browser
    }
}

extension Viewer {
    /// Types `text` (a line feed is Enter).
    mutating func type(_ text: String) {
        for character in text { handle(.key(character == "\n" ? .enter : .character(character))) }
    }
}
