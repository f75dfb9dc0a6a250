import Glibc
import Testing

/// The browse experience on a real terminal: tmux at 80×24, keys sent, the pane captured.
@Suite(.serialized) struct BrowseExperienceTests {
    static func session(_ arguments: String = "") -> TmuxSession {
        let tmux = TmuxSession(
            width: 80, height: 24,
            command: "'\(Subprocess.tstack)' browse --no-animation \(arguments) '\(Subprocess.demo)'; sleep 60")
        tmux.waitUntil { $0.last?.contains("origami.json") == true }
        return tmux
    }

    static func status(_ screen: [String]) -> String { screen.last ?? "" }

    @Test func commandLineCompletesAndRemembers() {
        let tmux = Self.session()
        tmux.send(":", "g", "o", "Tab")
        #expect(Self.status(tmux.waitUntil { Self.status($0).hasPrefix(":goto") }) == ":goto")
        tmux.send("s", "t", "e", "p", "-", "3", "0", "Enter")
        #expect(Self.status(tmux.waitUntil { Self.status($0).hasPrefix(" step-30") }).hasPrefix(" step-30  origami.json"))
        tmux.send(":", "Up")
        #expect(Self.status(tmux.waitUntil { Self.status($0) == ":goto step-30" }) == ":goto step-30")
        tmux.send("Escape", "g")
        #expect(Self.status(tmux.waitUntil { Self.status($0).hasPrefix(" step-1 ") }).hasPrefix(" step-1  origami.json"))
    }

    @Test func searchFindsRowsThatWereNeverBuilt() {
        let tmux = Self.session()
        tmux.send("/", "-l", "senbazuru")
        tmux.send("Enter")
        let found = tmux.waitUntil { Self.status($0).hasPrefix(" step-44") }
        #expect(Self.status(found).hasPrefix(" step-44  origami.json"))
        tmux.send("n")
        let next = tmux.waitUntil { Self.status($0).hasPrefix(" photo-30") }
        #expect(Self.status(next).hasPrefix(" photo-30  origami.json"))
        tmux.send("n")
        let wrapped = tmux.waitUntil { Self.status($0).contains("continuing at TOP") }
        #expect(Self.status(wrapped).hasPrefix(" step-44  search hit BOTTOM, continuing at TOP  "))
    }

    @Test func marksSurviveATripAwayAndBack() {
        let tmux = Self.session()
        tmux.send("j", "j", "m")
        tmux.waitUntil { Self.status($0).contains("1 marked") }
        tmux.send("G")
        tmux.waitUntil { Self.status($0).hasPrefix(" photo-1") }
        tmux.send("'")
        let back = tmux.waitUntil { Self.status($0).hasPrefix(" step-3") }
        #expect(back.contains { $0.hasPrefix("▌*3. Colour side down") })
        #expect(Self.status(back).contains("1 marked"))
    }

    @Test func detailFilteringKeepsTheFocus() {
        let tmux = Self.session()
        for _ in 0..<10 { tmux.send("j") }
        let before = tmux.waitUntil { Self.status($0).hasPrefix(" step-11") }
        let line = before.firstIndex { $0.hasPrefix("▌ 11.") }
        tmux.send("-", "-")
        let after = tmux.waitUntil { Self.status($0).contains("detail 1") }
        #expect(after.firstIndex { $0.hasPrefix("▌ 11.") } == line)
        tmux.send("j")
        #expect(Self.status(tmux.waitUntil { Self.status($0).hasPrefix(" step-12") }).contains("item 10 of 61"))
    }

    @Test func theShortcutButtonComesAndGoes() {
        let tmux = Self.session()
        #expect(tmux.capture()[22].contains("[s] Scroll to Showcase"))
        tmux.send("s")
        let there = tmux.waitUntil { Self.status($0).hasPrefix(" photo-1") }
        #expect(!there.contains { $0.contains("[s] Scroll to Showcase") })
        tmux.send("g")
        let top = tmux.waitUntil { Self.status($0).hasPrefix(" step-1 ") }
        #expect(top.contains { $0.contains("[s] Scroll to Showcase") })
    }

    @Test func theMouseWheelScrollsThreeLines() {
        let tmux = Self.session()
        let before = tmux.capture()
        // An X10 mouse report of wheel-down at column 10, row 5.
        tmux.send("-l", "\u{1B}[Ma*&")
        let after = tmux.waitUntil { $0[1] != before[1] }
        #expect(InteractiveTests.content(after)[1] == InteractiveTests.content(before)[4])
    }

    @Test func noColorDrawsWithAttributesOnly() {
        let tmux = TmuxSession(
            width: 80, height: 24,
            command: "NO_COLOR=1 '\(Subprocess.tstack)' browse '\(Subprocess.demo)'; sleep 60")
        tmux.waitUntil { $0.last?.contains("origami.json") == true }
        let escapes = tmux.tmux("capture-pane", "-p", "-e", "-t", "main").stdout
        // Reverse video for the status line, bold for titles, but no colour (SGR 30–47, 38, 48).
        #expect(escapes.contains("\u{1B}[7m") || escapes.contains(";7m"))
        #expect(!escapes.setsAColour)
    }
}

extension String {
    /// Whether an SGR sequence sets a foreground or background colour.
    fileprivate var setsAColour: Bool {
        var rest = Substring(self)
        while let start = rest.firstRange(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "m") else { break }
            let parameters = rest[..<end].split(separator: ";").compactMap { Int($0) }
            // 39 and 49 restore the default colours, which is not setting one.
            if parameters.contains(where: { ((30...49).contains($0) && $0 != 39 && $0 != 49) || (90...107).contains($0) }) {
                return true
            }
            rest = rest[end...]
        }
        return false
    }
}
