import Glibc
import Testing

/// A file read in place that is malformed near its end — a literal gone wrong that the scan of
/// brackets, commas and colons does not see — is said as soon as the grammar check finds it,
/// whatever shows on screen: `render` exits 65 with the line, the status line of a browse says
/// it without a key.
@Suite struct MalformedInputTests {
    /// 20,000 records, then `{"x": tru}`: read lazily (a threshold of 0) as a big file is.
    static func writeBadArray(to path: String) {
        let records = (0..<20_000).map { #"{"n": \#($0), "msg": "hello \#($0)"}"# }
        Subprocess.write("[\n" + records.joined(separator: ",\n") + ",\n" + #"{"x": tru}"# + "\n]\n", to: path)
    }

    @Test(arguments: ["tree", "table"])
    func renderOfAMalformedFileExits65(view: String) {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        Self.writeBadArray(to: directory + "/bad.json")
        let result = Subprocess.run([
            Subprocess.tstack, "render", directory + "/bad.json", "--size", "80x6", "--lazy-threshold", "0", "--view", view,
        ])
        #expect(result.status == 65)
        #expect(result.stderr == "tstack: bad.json:20002:10: expected 'true'\n", "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").last?.contains("bad.json:20002:10: expected 'true' (the file is malformed there)") == true,
                "\(result.stdout)")
    }

    /// Browsed, the status line says where, with no key pressed: the check ends on its thread
    /// and wakes the viewer.
    @Test func aBrowseSaysWhereTheFileIsMalformedWithoutAKey() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        Self.writeBadArray(to: directory + "/bad.json")
        let tmux = TmuxSession(
            width: 100, height: 8,
            command: "'\(Subprocess.tstack)' browse --lazy-threshold 0 '\(directory)/bad.json'; sleep 60")
        let said = tmux.waitUntil { $0.last?.contains("(the file is malformed there)") == true }
        #expect(said.last?.contains("bad.json:20002:10: expected 'true' (the file is malformed there)") == true, "\(said.last ?? "")")
        tmux.send("q")
    }
}
