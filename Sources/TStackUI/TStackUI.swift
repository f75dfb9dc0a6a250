// The light library in one import: `import TStackUI` brings the layout engine (`LazyStack`,
// `TreeOutline`), the terminal layer (`CellBuffer`, keys, `TerminalApp`, the ncurses and
// in-memory terminals) and the widgets (`LazyList`, `LazyTree`, `TextRow`, `KeyTable`,
// `ListKeys`) — and nothing that parses JSON, matches regular expressions or parses arguments,
// so a program on it builds without PCRE2 or swift-argument-parser.
@_exported import StackEngine
@_exported import TerminalUI
@_exported import Widgets
