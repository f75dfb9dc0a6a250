import Glibc
import Testing

/// A file read in place that is malformed near its end — a literal gone wrong that the scan of
/// brackets, commas and colons does not see — is said as soon as the grammar check finds it,
/// whatever shows on screen: the status line of a browse says it without a key, and the export
/// refuses it; `render` says it when a screen showed it.
@Suite struct MalformedInputTests {
    /// 20,000 records, then `{"x": tru}`: read lazily (a threshold of 0) as a big file is.
    static func writeBadArray(to path: String) {
        let records = (0..<20_000).map { #"{"n": \#($0), "msg": "hello \#($0)"}"# }
        Subprocess.write("[\n" + records.joined(separator: ",\n") + ",\n" + #"{"x": tru}"# + "\n]\n", to: path)
    }

    /// `render` shows what the scan found (it does not wait for the grammar check): a value
    /// malformed that a screen showed makes it exit 65 with the line; the export checks the
    /// whole file and writes nothing.
    @Test func renderExits65WhenItShowedAMalformedValueAndTheExportChecksItAll() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        Self.writeBadArray(to: directory + "/bad.json")
        let shown = Subprocess.run([
            Subprocess.tstack, "render", directory + "/bad.json", "--size", "80x8", "--lazy-threshold", "0",
            "--keys", "G",
        ])
        #expect(shown.status == 65, "\(shown.stdout)")
        // (The row's parser says where the value starts going wrong: column 7.)
        #expect(shown.stderr == "tstack: bad.json:20002:7: expected 'true'\n", "\(shown.stderr)")
        // An answer read from every byte (a search) checks the whole file first, and says it.
        let searched = Subprocess.run([
            Subprocess.tstack, "render", directory + "/bad.json", "--size", "80x8", "--lazy-threshold", "0",
            "--keys", "/zzz<Enter>",
        ])
        #expect(searched.status == 65 && searched.stderr == "tstack: bad.json:20002:10: expected 'true'\n", "\(searched.stderr)")
        #expect(searched.stdout.contains("no match for /zzz (the file is malformed at line 20,002:10)"), "\(searched.stdout)")
        let exported = Subprocess.run([Subprocess.tstack, "browse", directory + "/bad.json", "--lazy-threshold", "0"])
        #expect(exported.status == 65 && exported.stdout.isEmpty)
        #expect(exported.stderr.contains("bad.json:20002:10: expected 'true'"), "\(exported.stderr)")
        // The records as CSV too: the file is checked before a line is written.
        let csv = Subprocess.run([Subprocess.tstack, "browse", directory + "/bad.json", "--lazy-threshold", "0", "--view", "table"])
        #expect(csv.status == 65 && csv.stdout.isEmpty, "\(csv.stdout.prefix(200))")
        #expect(csv.stderr.contains("bad.json:20002:10: expected 'true'"), "\(csv.stderr)")
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
        // A whole-file answer says it too.
        tmux.send("/zzz", "Enter")
        let answered = tmux.waitUntil { $0.last?.contains("no match") == true }
        #expect(answered.last?.contains("no match for /zzz (the file is malformed at line 20,002:10)") == true, "\(answered.last ?? "")")
        tmux.send("q")
    }
}
