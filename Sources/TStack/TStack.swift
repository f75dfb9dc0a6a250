// The library in one import: `import TStack` brings the layout engine (`LazyStack`,
// `StackDataSource`, frames, `TreeOutline` over any `TreeModel`), the widgets (`LazyList` on
// either axis, `LazyTree`, `LazyTable`, `KeyTable`), the terminal layer (`CellBuffer`, `CellText`, keys, the
// ncurses and in-memory terminals), the data (input, JSON, the stack document model, the scan,
// the JSON tree, search) and the viewer built on them.
@_exported import DocumentData
@_exported import DocumentViewer
@_exported import StackEngine
@_exported import TerminalUI
@_exported import Widgets
