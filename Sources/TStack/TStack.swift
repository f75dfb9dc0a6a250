// The library in one import: `import TStack` brings the layout engine (`LazyStack`,
// `StackDataSource`, `StackRow`, `RowKind`, `ScrollAnchor`, frames and their placed rows), the list
// widget over it (`LazyList`, `ListState`), the terminal layer (`CellBuffer`, `CellText`, keys, the ncurses and in-memory terminals), the
// document model and the viewer built on them.
@_exported import ListWidget
@_exported import StackBrowser
@_exported import StackDocument
@_exported import StackEngine
@_exported import TerminalUI
