import Testing
@testable import TerminalUI

@Suite struct KeyNotationTests {
    @Test func parsesVimNotation() throws {
        let events = try KeyNotation.parse("jj<Down><C-d><PgDn><Space><lt>:goto x<Enter><Resize 100x30><ScrollDown><F1>")
        #expect(events == [
            .key(.character("j")), .key(.character("j")), .key(.down), .key(.control("d")), .key(.pageDown),
            .key(.character(" ")), .key(.character("<")), .key(.character(":")), .key(.character("g")),
            .key(.character("o")), .key(.character("t")), .key(.character("o")), .key(.character(" ")),
            .key(.character("x")), .key(.enter), .resize(TerminalSize(width: 100, height: 30)),
            .mouse(.wheel(1)), .key(.function(1)),
        ])
    }

    @Test func aLoneAngleBracketIsACharacter() throws {
        #expect(try KeyNotation.parse("a<b") == [.key(.character("a")), .key(.character("<")), .key(.character("b"))])
    }

    @Test func rejectsUnknownNames() {
        #expect(throws: KeyNotation.UnknownKey(name: "Nope")) { try KeyNotation.parse("<Nope>") }
        let tooSmall = KeyNotation.UnknownKey(name: "Resize 0x3", reason: "expected a size COLSxROWS of at most 1000x1000")
        #expect(throws: tooSmall) { try KeyNotation.parse("<Resize 0x3>") }
    }

    /// Issue 11: a scripted resize asked for 240 GB of cells and aborted.
    @Test func resizesAreBoundedAsTheSizeOptionIs() throws {
        #expect(try KeyNotation.parse("<Resize 1000x1000>") == [.resize(TerminalSize(width: 1_000, height: 1_000))])
        #expect(throws: KeyNotation.UnknownKey.self) { try KeyNotation.parse("<Resize 100000x100000>") }
        #expect(throws: KeyNotation.UnknownKey.self) { try KeyNotation.parse("<Resize 1001x10>") }
        #expect(TerminalSize(notation: "10000x10000") == nil)
        #expect(TerminalSize(notation: "80X24") == TerminalSize(width: 80, height: 24))
    }

    @Test func notationReadsBackAsTheKey() throws {
        let keys: [Key] = [
            .character("j"), .character("<"), .character(" "), .control("e"), .function(1), .down, .up, .left, .right,
            .pageDown, .pageUp, .home, .end, .enter, .escape, .tab, .backTab, .backspace, .delete,
        ]
        for key in keys { #expect(try KeyNotation.parse(KeyNotation.notation(key)) == [.key(key)], "\(key)") }
    }
}
