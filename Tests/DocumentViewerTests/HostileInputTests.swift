@testable import DocumentViewer
import DocumentData
import TerminalUI
import Testing

/// Documents nobody checked and terminals that misbehave: a clear error or a sensible, bounded
/// view — never a crash or a hang.
@Suite struct HostileInputTests {
    func decode(_ text: String) -> Result<StackDocument, DocumentError> {
        Result { () throws(DocumentError) in try DocumentLoader.decode(Array(text.utf8), file: "x.json") }
    }

    func item(_ fields: String) -> String {
        #"{"sections": [{"id": "s", "items": [{"id": "a", "title": "t"\#(fields)}]}]}"#
    }

    @Test func deepNestingIsAnErrorNotAStackOverflow() {
        let deep = String(repeating: "[", count: 100_000)
        guard case .failure(let error) = decode(deep) else { return #expect(Bool(false)) }
        #expect(error.description == "x.json:1:1001: nesting deeper than 1000 levels")
    }

    @Test func aHugeStringShowsAsABoundedRow() {
        let huge = String(repeating: "abc ", count: 2_500_000)  // 10 MB
        let document = try! decode(item(#", "body": "\#(huge)", "art": ["\#(huge.prefix(100_000))"]"#)).get()
        var browser = Viewer(document: document, fileName: "x.json", size: TerminalSize(width: 80, height: 24))
        let screen = Harness.text(of: browser.render())
        #expect(screen[0] == "▌ t")
        // The row holds at most the capped body (20,000 characters) and the art line clipped.
        var stack = browser.stack
        let row = stack.resolve(0)
        #expect(row.extent < 20_000 / 60)
        #expect(row.lines.allSatisfy { $0.count <= 80 })
        #expect(Harness.browser(document, keys: "G").focusedID == "a")
    }

    @Test func aMillionKeysInOneObjectLoads() {
        var text = #"{"sections": [], "#
        text += (0..<1_000_000).map { #""k\#($0)": 0"# }.joined(separator: ",")
        text += "}"
        guard case .success(let document) = decode(text) else { return #expect(Bool(false)) }
        #expect(document.sections.isEmpty)
    }

    @Test func hugeNumbersAreKeptAsTextAndCheckedWhereTheyMatter() {
        #expect((try? decode(item(#", "extra": 1e999999"#)).get()) != nil)
        guard case .failure(let error) = decode(item(#", "detail": 1e999999"#)) else { return #expect(Bool(false)) }
        #expect(error.description == "x.json: sections[0].items[0].detail: expected 1, 2 or 3, found 1e999999")
    }

    @Test func invalidUTF8IsShownAsReplacementCharacters() {
        var bytes = Array(#"{"sections": [{"id": "s", "items": [{"id": "a", "title": "bad "#.utf8)
        bytes += [0xFF, 0xFE, 0x20, 0xC3]
        bytes += Array(#""}]}]}"#.utf8)
        let document = try! DocumentLoader.decode(bytes, file: "x.json")
        #expect(document.sections[0].items[0].title == "bad \u{FFFD}\u{FFFD} \u{FFFD}")
    }

    @Test func nulAndControlCharactersAreVisible() {
        let document = try! decode(item(#", "body": "nul\u0000 esc\u001b bel\u0007 c1\u0085""#)).get()
        let screen = Harness.screen(document, size: TerminalSize(width: 60, height: 5))
        #expect(screen[1] == "▌ nul^@ esc^[ bel^G c1\\u0085")
    }

    @Test(arguments: [TerminalSize(width: 1, height: 1), TerminalSize(width: 10, height: 3),
                      TerminalSize(width: 20, height: 5), TerminalSize(width: 12, height: 3),
                      TerminalSize(width: 2, height: 40), TerminalSize(width: 300, height: 2)])
    func tinyTerminalsShowAMessageOrAClippedViewAndKeysStillWork(size: TerminalSize) {
        let keys = "jjG<PgUp>lh/crane<Enter>n:marks<Enter><F1>x<C-d>m'-+gs"
        let frames = Harness.frames(size: size, keys: keys)
        #expect(frames.count == 1 + (try! KeyNotation.parse(keys)).count)
        for frame in frames {
            #expect(frame.width == size.width && frame.height == size.height)
        }
        let last = frames.last!.textLines()
        if size.width < 12 || size.height < 3 {
            #expect(last[0] == String("terminal too small: \(size.width)x\(size.height)".prefix(size.width)))
        } else {
            #expect(last.last?.isEmpty == false)
        }
    }

    @Test func aStormOfResizesEndsInACorrectFrame() {
        var keys = ""
        for index in 0..<200 { keys += "<Resize \(5 + index * 7 % 150)x\(1 + index * 3 % 50)>j" }
        keys += "<Resize 80x24>"
        let screen = Harness.screen(keys: keys)
        #expect(screen.count == 24)
        #expect(screen.last?.hasPrefix(" photo-1  origami.json") == true)
        #expect(screen.contains { $0.hasPrefix("▌") })
    }
}
