import Glibc
import TestSupport
import Testing

/// Hostile documents and terminals, through the real binary.
@Suite struct ReliabilityTests {
    static let corpus = Subprocess.root + "/../shared/testdata/JSONTestSuite/test_parsing"

    /// Every JSONTestSuite file through `tstack render`: `n_` rejected with `FILE:LINE:COLUMN:`
    /// and status 65; `y_` browses (through the generic view when it is not a stack document);
    /// `i_` either way. None crashes or hangs.
    @Test func theWholeJSONTestSuiteCorpus() throws {
        let names = Directory.fileNames(in: Self.corpus).filter { $0.hasSuffix(".json") }
        try #require(names.count > 300, "corpus not found at \(Self.corpus)")
        for name in names {
            let path = Self.corpus + "/" + name
            let result = Subprocess.run(["timeout", "5", Subprocess.tstack, "render", path, "--size", "40x5"])
            let lines = result.stderr.split(separator: "\n")
            #expect(result.status == 0 || result.status == 65, "\(name): status \(result.status)")
            if result.status == 65 { #expect(lines.count == 1 && lines[0].hasPrefix("tstack: \(path)"), "\(name)") }
            if name.hasPrefix("n_") {
                #expect(result.status == 65, "\(name) must be rejected")
                #expect(lines.first?.hasPrefix("tstack: \(path):") == true, "\(name): \(result.stderr)")
                let position = lines.first.map { $0.dropFirst("tstack: \(path):".count) } ?? ""
                #expect(position.first?.isNumber == true, "\(name) names a line and column: \(result.stderr)")
            }
            if name.hasPrefix("y_") {
                // Valid JSON browses: as a stack document when it is one, else through the generic view.
                #expect(result.status == 0, "\(name): \(result.stderr)")
            }
        }
    }

    @Test func escapeSequencesInTheDocumentNeverReachTheTerminal() throws {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let document = #"""
            {"sections": [{"id": "s", "header": "\u001b]0;PWNED-TITLE\u0007",
              "items": [
                {"id": "a", "title": "\u001b]2;PWNED-TITLE2\u001b\\ osc", "subtitle": "\u001b]52;c;UFdORUQ=\u0007 clip",
                 "body": "\u001b[5n dsr \u001bP+qPWNED\u001b\\ dcs \u009b21t csi8 \u001b[21t report",
                 "art": ["\u202eevil\u202c bidi \u2066iso\u2069"]},
                {"id": "b", "title": "more \u001b[?1049l"}]}]}
            """#
        Subprocess.write(document, to: directory + "/evil.json")
        let script = Subprocess.root + "/Tests/EndToEndTests/Scripts/pty_capture.py"
        let out = directory + "/bytes"
        let result = Subprocess.run(["python3", script, out, "jGgq", "--", Subprocess.tstack, "browse", directory + "/evil.json"])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = Array(Subprocess.read(out).utf8)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("PWNED-TITLE"), "the document was drawn")
        for forbidden in ["\u{1B}]0;PWNED", "\u{1B}]2;PWNED", "\u{1B}]52;", "\u{1B}P+q", "\u{1B}[5n", "\u{1B}[21t",
                          "\u{9B}", "\u{202E}", "\u{2066}"] {
            #expect(!text.contains(forbidden), "\(forbidden.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        // 8-bit C1 controls never appear as characters (their UTF-8 form is C2 80…C2 9F).
        #expect(!zip(bytes, bytes.dropFirst()).contains { $0 == 0xC2 && (0x80...0x9F).contains($1) })
        // The inert forms are what the user sees.
        #expect(text.contains("^[]0;PWNED-TITLE^G"))
        #expect(text.contains("\\u202eevil"))
    }

    @Test func noUsableTerminalGetsTheDocumentAsText() {
        let unset = Subprocess.run(["env", "-u", "TERM", Subprocess.tstack, "render", Subprocess.demo])
        #expect(unset.status == 0, "render needs no terminal")
        let script = Subprocess.root + "/Tests/EndToEndTests/Scripts/pty_capture.py"
        for (name, environment) in [("unset", ["env", "-u", "TERM"]), ("dumb", ["env", "TERM=dumb"])] {
            let directory = Subprocess.temporaryDirectory()
            defer { Subprocess.removeDirectory(directory) }
            let result = Subprocess.run(
                ["python3", script, directory + "/out", "", "--", "sh", "-c",
                 (environment + [Subprocess.tstack, "browse", Subprocess.demo]).map { "'\($0)'" }.joined(separator: " ")
                    + "; echo \"exit=$?\""])
            #expect(result.status == 0)
            let output = Subprocess.read(directory + "/out")
            #expect(output.contains("Steps · folding a crane"), "the document as text, TERM \(name): \(output)")
            #expect(output.contains("exit=0"), "TERM \(name)")
        }
    }

    @Test func aBadOptionOnATerminalFailsBeforeTheScreenOpens() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        let script = Subprocess.root + "/Tests/EndToEndTests/Scripts/pty_capture.py"
        let command = "'\(Subprocess.tstack)' browse --scroll-to nope '\(Subprocess.demo)'; echo \"exit=$?\""
        _ = Subprocess.run(["python3", script, directory + "/out", "", "--", "sh", "-c", command])
        let output = Subprocess.read(directory + "/out")
        #expect(output.contains("no row or item with id \"nope\""))
        #expect(output.contains("exit=64"))
        #expect(!output.contains("\u{1B}[?1049h"), "the alternate screen was never entered")
    }

    @Test func unreadableThingsAreNamed() {
        let directory = Subprocess.temporaryDirectory()
        defer { Subprocess.removeDirectory(directory) }
        mkfifo(directory + "/fifo", 0o600)
        Subprocess.write("", to: directory + "/empty.json")
        for (path, message) in [
            (directory + "/fifo", "1:1: empty file, expected a JSON document"),
            (directory + "/empty.json", "1:1: empty file, expected a JSON document"),
            (directory, " is a directory, expected a JSON file"),
            (directory + "/missing.json", " no such file or directory"),
        ] {
            let result = Subprocess.run(["timeout", "5", Subprocess.tstack, "browse", path])
            #expect(result.status == 65, "\(path)")
            #expect(result.stderr == "tstack: \(path):\(message)\n", "\(result.stderr)")
        }
    }
}
