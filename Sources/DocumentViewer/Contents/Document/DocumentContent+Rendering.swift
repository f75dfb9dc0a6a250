import Widgets
import StackEngine
import TerminalUI

// MARK: - Frames

extension DocumentContent {
    /// Draws the rows, the strips of cards, search matches, the scrollbar and the shortcut
    /// buttons (not over an open prompt) into `area`.
    /// - Returns: the status line of the frame, its message left to the viewer.
    /// - Complexity: O(screen): only the rows on screen are built and drawn.
    mutating func draw(into buffer: inout CellBuffer, area: Rect, promptIsOpen: Bool) -> StatusLine {
        let frame = drawView(into: &buffer, area: area)
        if !promptIsOpen { drawShortcutButtons(for: frame, into: &buffer) }
        return status(for: frame)
    }

    /// Draws the document view, at the scroll position of the animation's frame while a jump's
    /// way is shown.
    private mutating func drawView(into buffer: inout CellBuffer, area: Rect) -> StackFrame<RenderedRow> {
        guard let offset = animation.offset else {
            return view.draw(into: &buffer, area: area, theme: theme, marks: marks, search: lastSearch)
        }
        return view.drawFrame(
            atOffset: offset, into: &buffer, area: area, theme: theme, marks: marks, search: lastSearch)
    }

    /// The document's shortcuts whose target is not visible (less than the visibility threshold
    /// of it shows), as buttons at the bottom right of the viewport: `[s] Scroll to Showcase`.
    private func drawShortcutButtons(for frame: StackFrame<RenderedRow>, into buffer: inout CellBuffer) {
        guard viewportHeight > 1 else { return }
        let threshold = stack.options.visibilityThreshold
        let hidden = shortcuts.filter { shortcut in
            guard let row = rows.rowIndex(forID: shortcut.target) else { return false }
            guard let placed = frame.rows.first(where: { $0.index == row }) else { return true }
            return LazyStack<DocumentRows>.visibleFraction(of: placed, in: frame) < threshold
        }
        guard !hidden.isEmpty else { return }
        // The full labels if they fit right of the gutter, else just the keys: never over the
        // gutter, where the focus mark is.
        let room = size.width - 1 - view.list.style.gutterWidth
        var text = hidden.map { " [\($0.key)] \($0.label) " }.joined(separator: " ")
        if DisplayWidth.of(text) > room { text = hidden.map { " [\($0.key)] " }.joined() }
        let width = DisplayWidth.of(text)
        guard width <= room else { return }
        buffer.write(text, style: theme.overlay, x: size.width - 1 - width, y: viewportHeight - 1)
    }

    private func status(for frame: StackFrame<RenderedRow>) -> StatusLine {
        var position: StatusLine.Position?
        var section: String?
        if let focus, let ordinal = view.focusedOrdinal {
            let entry = rows.entry(at: focus)
            position = StatusLine.Position(item: ordinal + 1, count: rows.itemCount)
            let documentSection = rows.document.sections[Int(entry.section)]
            section = documentSection.header ?? documentSection.id
        }
        return StatusLine(
            focusedID: focusedID, fileName: "", section: section, position: position,
            progress: StatusLine.progress(of: frame, rowCount: stack.rowCount),
            contentSize: frame.contentSize, detailLevel: detail.level, markCount: marks.count,
            loadingNote: loading.note(jumpWaits: isWaitingForScan), filterNote: filterNote)
    }

    /// The filter applied, for the status line: its pattern and how many items show of how
    /// many there are — of those read so far, while the file is read.
    var filterNote: String? {
        guard let filter else { return nil }
        let total = rows.document.sections.reduce(0) { $0 + $1.items.count }
        return StatusLine.filterNote(
            pattern: CellText.inert(filter.pattern), shown: rows.itemCount, of: total, soFar: loading.isLoading)
    }
}
