import Glibc
import Testing

/// `browse --follow`, as `less +F`: records appended to a JSON Lines file show in its tree with
/// no key pressed, the focus on the last; a key stops following and `F` follows again; a
/// truncated file is read again from its start.
@Suite(.serialized) struct FollowTests {
    static func append(_ text: String, to path: String, truncating: Bool = false) {
        let file = fopen(path, truncating ? "w" : "a")
        fputs(text, file)
        fclose(file)
    }

    @Test func appendedLinesShowWithoutAKeyAndATruncatedFileStartsAgain() {
        let path = "/tmp/tstack-follow-\(getpid()).jsonl"
        defer { unlink(path) }
        Self.append((1...3).map { #"{"msg": "line \#($0)"}"# + "\n" }.joined(), to: path, truncating: true)
        let tmux = TmuxSession(width: 90, height: 12, command: "'\(Subprocess.tstack)' browse --follow '\(path)'; sleep 60")
        // The first lines may still be on their way in when following starts: it keeps to them.
        let first = tmux.waitUntil { $0.last?.contains("following") == true && $0.last?.hasPrefix(" .[2].msg ") == true }
        #expect(first.last?.hasPrefix(" .[2].msg ") == true, "\(first.last ?? "")")
        Self.append((4...40).map { #"{"msg": "line \#($0)"}"# + "\n" }.joined(), to: path)
        let grown = tmux.waitUntil { $0.last?.hasPrefix(" .[39].msg ") == true }
        #expect(grown.last?.hasPrefix(" .[39].msg ") == true, "the view keeps to the end: \(grown.last ?? "")")
        #expect(grown.contains { $0.contains(#"msg: "line 40""#) })
        tmux.send("k")
        let stopped = tmux.waitUntil { $0.last?.contains("following") == false }
        #expect(stopped.last?.hasPrefix(" .[39]  ") == true, "\(stopped.last ?? "")")
        Self.append(#"{"msg": "line 41"}"# + "\n", to: path)
        let still = tmux.watch(seconds: 1) { $0.last?.hasPrefix(" .[40].msg ") == true }
        #expect(still.last?.hasPrefix(" .[39]  ") == true, "not following: the view stays")
        tmux.send("F")
        let again = tmux.waitUntil { $0.last?.hasPrefix(" .[40].msg ") == true }
        #expect(again.last?.contains("following") == true)
        Self.append(#"{"msg": "a new start"}"# + "\n", to: path, truncating: true)
        // (Waits for the whole frame: tmux may be captured while a frame is half written.)
        let restarted = tmux.waitUntil {
            $0.contains { $0.contains("a new start") } && $0.last?.contains("reading it again") == true
        }
        #expect(restarted.last?.contains("was truncated: reading it again from the start") == true, "\(restarted.last ?? "")")
        #expect(restarted.last?.hasPrefix(" .[0].msg ") == true, "\(restarted.last ?? "")")
        // An event, not a state: said until the next key.
        tmux.send("k")
        let after = tmux.waitUntil { $0.last?.contains("reading it again") == false }
        #expect(after.last?.contains("was truncated") == false, "\(after.last ?? "")")
    }

    /// Esc on a real terminal (a lone escape byte, not the start of a sequence) stops a running
    /// job and says which: here, following.
    @Test func escapeStopsFollowingAndSaysSo() {
        let path = "/tmp/tstack-follow-esc-\(getpid()).jsonl"
        defer { unlink(path) }
        Self.append((1...3).map { #"{"msg": "line \#($0)"}"# + "\n" }.joined(), to: path, truncating: true)
        let tmux = TmuxSession(width: 90, height: 12, command: "'\(Subprocess.tstack)' browse --follow '\(path)'; sleep 60")
        let following = tmux.waitUntil { $0.last?.contains("following") == true && $0.last?.hasPrefix(" .[2].msg ") == true }
        #expect(following.last?.contains("following") == true, "\(following.last ?? "")")
        tmux.send("Escape")
        let stopped = tmux.waitUntil { $0.last?.contains("stopped following") == true }
        #expect(stopped.last?.contains("stopped following") == true, "\(stopped.last ?? "")")
        Self.append(#"{"msg": "line 4"}"# + "\n", to: path)
        let still = tmux.watch(seconds: 1) { $0.last?.hasPrefix(" .[3].msg ") == true }
        #expect(still.last?.hasPrefix(" .[3].msg ") != true, "not following: the view stays")
    }
}
