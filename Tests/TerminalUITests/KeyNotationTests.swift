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
        #expect(throws: KeyNotation.UnknownKey(name: "Resize 0x3")) { try KeyNotation.parse("<Resize 0x3>") }
    }
}
