import TerminalUI
import TestSupport
import Testing
import Widgets

/// The text field: editing keys against a naive model, the history, completion, and the line
/// drawn around its cursor.
@Suite struct TextFieldTests {
    /// The obvious model: the text as characters and the cursor as an index into them.
    struct Naive {
        var characters: [Character] = []
        var cursor = 0

        mutating func apply(_ action: TextFieldAction) {
            switch action {
            case .left: cursor = max(0, cursor - 1)
            case .right: cursor = min(characters.count, cursor + 1)
            case .start: cursor = 0
            case .end: cursor = characters.count
            case .deleteBackward where cursor > 0:
                characters.remove(at: cursor - 1)
                cursor -= 1
            case .deleteForward where cursor < characters.count: characters.remove(at: cursor)
            case .deleteToStart:
                characters.removeFirst(cursor)
                cursor = 0
            case .deleteToEnd: characters.removeLast(characters.count - cursor)
            case .deleteWord:
                var start = cursor
                while start > 0, characters[start - 1] == " " { start -= 1 }
                while start > 0, characters[start - 1] != " " { start -= 1 }
                characters.removeSubrange(start..<cursor)
                cursor = start
            default: break
            }
        }
    }

    /// Random keys — characters (wide ones, spaces), moves and deletions — against the model:
    /// the same text and cursor after every key.
    @Test(arguments: 1...20)
    func editingAgreesWithTheNaiveModel(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var field = TextField(prefix: ":")
        var naive = Naive()
        let typed: [Character] = ["a", "b", " ", "折", "é", "🦢"]
        let editing: [TextFieldAction] = [.left, .right, .start, .end, .deleteBackward, .deleteForward, .deleteToStart, .deleteToEnd, .deleteWord]
        for step in 0..<300 {
            if Bool.random(using: &generator) {
                let character = typed.randomElement(using: &generator)!
                _ = field.handle(.character(character))
                naive.characters.insert(character, at: naive.cursor)
                naive.cursor += 1
            } else {
                let action = editing.randomElement(using: &generator)!
                // (Backspace on an empty line cancels: the model keeps typing instead.)
                if action == .deleteBackward, naive.characters.isEmpty { continue }
                #expect(field.perform(action) == .editing)
                naive.apply(action)
            }
            #expect(field.text == String(naive.characters), "seed \(seed), step \(step)")
            #expect(field.cursor == naive.cursor, "seed \(seed), step \(step)")
        }
    }

    @Test func enterCancelAndBackspaceOnAnEmptyLine() {
        var field = TextField(text: "top")
        #expect(field.handle(.enter) == .entered("top"))
        #expect(field.handle(.escape) == .cancelled)
        var empty = TextField()
        #expect(empty.handle(.backspace) == .cancelled)
    }

    /// Up and Down walk the history (past its newest line: an empty line); Tab asks the hook,
    /// which a field without one ignores.
    @Test func historyAndCompletion() {
        var field = TextField(history: ["first", "second"])
        _ = field.handle(.up)
        #expect(field.text == "second")
        _ = field.handle(.up)
        _ = field.handle(.up)
        #expect(field.text == "first")
        _ = field.handle(.down)
        _ = field.handle(.down)
        #expect(field.text == "")
        // A line typed survives a walk up the history and back, and Down on it keeps it.
        _ = field.handle(.character("q"))
        _ = field.handle(.down)
        #expect(field.text == "q")
        _ = field.handle(.up)
        _ = field.handle(.down)
        #expect(field.text == "q")
        _ = field.handle(.backspace)
        _ = field.handle(.character("s"))
        _ = field.handle(.tab)
        #expect(field.text == "s" && field.hint == nil)
        _ = field.handle(.tab, complete: { ($0 + "ort", "sort  summary") })
        #expect(field.text == "sort" && field.hint == "sort  summary" && field.cursor == 4)
        _ = field.handle(.character(" "))
        #expect(field.hint == nil)
        var history = TextFieldHistory(limit: 2)
        for line in ["a", "a", "", "b", "c"] { history.add(line) }
        #expect(history.lines == ["b", "c"])
    }

    static func drawn(_ field: TextField, width: Int) -> (text: String, cursor: [Int]) {
        var buffer = CellBuffer(width: width, height: 1)
        field.draw(into: &buffer, x: 0, y: 0, width: width)
        let reversed = (0..<width).filter { buffer[$0, 0].style.attributes.contains(.reverse) }
        return (buffer.textLines()[0], reversed)
    }

    /// The line shows the text around the cursor, `…` where it is cut, the cursor reversed.
    @Test func theLineShowsTheTextAroundTheCursor() {
        var field = TextField(prefix: "/", text: "abcdefghijklmnopqrstuvwxyz")
        var shown = Self.drawn(field, width: 10)
        #expect(shown.text == "/…tuvwxyz" && shown.cursor == [9])
        _ = field.handle(.home)
        shown = Self.drawn(field, width: 10)
        #expect(shown.text == "/abcdefgh…" && shown.cursor == [1])
        for _ in 0..<12 { _ = field.handle(.right) }
        shown = Self.drawn(field, width: 10)
        // The cursor on `m`, in sight, the text cut on both sides and said to be.
        #expect(shown.text == "/…ghijklm…" && shown.cursor == [8], "\(shown)")
        // A prefix wider than the field leaves the cursor its column.
        let narrow = Self.drawn(TextField(prefix: "Search: ", text: "x"), width: 4)
        #expect(narrow.text == "Sea" && narrow.cursor == [3], "\(narrow)")
        let wide = Self.drawn(TextField(prefix: ":", text: "折り紙"), width: 12)
        #expect(wide.text == ":折り紙" && wide.cursor == [7])
    }

    /// What is typed may join the character after it (a regional indicator before another makes
    /// one flag): the cursor never stays inside a character, and deleting takes it whole.
    @Test func theCursorStaysBetweenCharacters() {
        var field = TextField(text: "\u{1F1F8}a")
        _ = field.handle(.home)
        field.insert("\u{1F1FA}")
        #expect(field.text == "🇺🇸a" && field.cursor == 1)
        _ = field.handle(.backspace)
        #expect(field.text == "a" && field.cursor == 0)
        _ = field.handle(.left)
        _ = field.handle(.character("e"))
        field.insert("\u{301}")
        #expect(field.text == "éa" && field.cursor == 1)
    }
}
