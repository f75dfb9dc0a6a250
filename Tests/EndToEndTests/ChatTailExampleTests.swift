import Glibc
import Testing

/// `Examples/ChatTail` on a real terminal: a chat that opens at its last message, keeps to the
/// bottom as messages are appended, stays where a reader scrolled up (saying how many messages
/// came unseen), and goes back down on `G`.
@Suite(.serialized) struct ChatTailExampleTests {
    static func messages(_ range: ClosedRange<Int>) -> String {
        range.map { number in
            let minute = number % 60 < 10 ? "0\(number % 60)" : "\(number % 60)"
            return "2026-11-29T\(10 + number / 20):\(minute):00Z user\(number % 3): message number \(number)\n"
        }.joined()
    }

    @Test func keepsToTheBottomAndCountsWhatCameUnseen() {
        let path = "/tmp/tstack-chat-\(getpid()).log"
        defer { unlink(path) }
        FollowTests.append(Self.messages(1...50), to: path, truncating: true)
        let binary = String(Subprocess.tstack.dropLast("tstack".count)) + "ChatTail"
        let tmux = TmuxSession(width: 60, height: 12, command: "'\(binary)' '\(path)'; echo \"exit=$?\"; sleep 60")
        // Opened at the bottom: the last message on the line above the status line; the hour's
        // header pinned at the top.
        let first = tmux.waitUntil { $0.count >= 11 && $0[10].contains("message number 50") }
        #expect(first[10].contains("message number 50"), "\(first)")
        #expect(first[0].contains("2026-11-29  12:00"), "\(first)")
        #expect(first.last?.contains("50 messages") == true)
        // Appended while at the bottom: it keeps to the bottom.
        FollowTests.append(Self.messages(51...55), to: path)
        let grown = tmux.waitUntil { $0.count >= 11 && $0[10].contains("message number 55") }
        #expect(grown[10].contains("message number 55"), "\(grown)")
        #expect(!grown.joined().contains(" new "))
        // Scrolled up, a reader stays put; the messages that came are counted, not shown.
        tmux.send("k", "k", "k", "k", "k", "k")
        let up = tmux.waitUntil { $0.count >= 11 && $0[10].contains("message number 49") }
        #expect(up[10].contains("message number 49"), "\(up)")
        FollowTests.append(Self.messages(56...58), to: path)
        let counted = tmux.waitUntil { $0.joined().contains("3 new") }
        #expect(counted[10].contains("message number 49") && counted[10].contains("3 new ↓"), "\(counted)")
        #expect(counted.last?.contains("58 messages") == true)
        // G: back at the bottom, nothing unseen.
        tmux.send("G")
        let bottom = tmux.waitUntil { $0.count >= 11 && $0[10].contains("message number 58") }
        #expect(bottom[10].contains("message number 58") && !bottom.joined().contains(" new "), "\(bottom)")
        tmux.send("q")
        #expect(tmux.waitUntil { $0.contains("exit=0") }.contains("exit=0"))
    }
}
