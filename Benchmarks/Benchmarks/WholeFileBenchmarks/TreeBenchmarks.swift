import Benchmark
import Glibc
import DocumentViewer
import DocumentData
import TerminalUI

/// The tree view of any JSON (issue 14): an array of 10^3 or 10^6 records of ten fields. Folding
/// and unfolding a node with all the records below it, and one with ten, through the viewer's
/// keys (`zc`, `zo`: the outline and the engine's rows both change); the scan of the root.
/// Goal: folding costs the same at any size, a million rows within 2x of ten.
func treeBenchmarks() {
    for count in [1_000, 1_000_000] {
        let label = count == 1_000 ? "10^3" : "10^6"
        let path = "/tmp/tstack-bench-tree-\(count).json"
        Benchmark("tree: scan the root of \(label) records (\(TreeFile.megabytes(path, count)) MB)") { benchmark in
            for _ in benchmark.scaledIterations {
                let tree = try! JSONTree(path: path)
                blackHole(tree.root?.count)
            }
        }
        Benchmark("tree: fold and unfold the root of \(label) records") { benchmark in
            var browser = TreeFile.browser(path)
            browser.handle(.key(.character("g")))
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { browser.type("zczo") }
            benchmark.stopMeasurement()
            blackHole(browser.statistics.rows)
        }
        Benchmark("tree: fold and unfold a record of ten fields among \(label)") { benchmark in
            var browser = TreeFile.browser(path)
            _ = browser.scroll(toID: ".[\(count / 2)]")
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations { browser.type("zczo") }
            benchmark.stopMeasurement()
            blackHole(browser.statistics.rows)
        }
    }
}

/// The generated arrays: records of ten fields, about 200 bytes each.
enum TreeFile {
    static func megabytes(_ path: String, _ count: Int) -> Int {
        var status = stat()
        if stat(path, &status) != 0 {
            let file = fopen(path, "w")
            fputs("[", file)
            for number in 0..<count {
                fputs((number > 0 ? ",\n" : "\n") + #"{"id": \#(number), "name": "user-\#(number)", "#
                    + #""active": \#(number % 3 == 0), "score": \#(number % 1000).5, "tags": ["a", "b"], "#
                    + #""ctx": {"region": "eu-\#(number % 5)"}, "f7": null, "f8": "x", "f9": 9, "f10": []}"#, file)
            }
            fputs("\n]\n", file)
            fclose(file)
        }
        _ = stat(path, &status)
        return Int(status.st_size) >> 20
    }

    /// A viewer of the whole file at `path`, scanned to its end.
    static func browser(_ path: String) -> Viewer {
        let tree = try! JSONTree(path: path)
        return Viewer(tree: tree, fileName: "tree.json", size: TerminalSize(width: 120, height: 40))
    }
}
