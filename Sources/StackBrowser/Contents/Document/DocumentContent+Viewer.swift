import StackDocument
import StackEngine
import TerminalUI

// MARK: - A stack document as one of the viewer's contents

extension DocumentContent: ViewerContent {
    var keyContext: ViewerKeyContext { .stack }

    /// Nothing stays said: the end of loading is said once (``notice``).
    var standingNote: String? { nil }

    /// The frames on the way of a jump say nothing.
    var hidesMessages: Bool { animation.isRunning }

    var rowCount: Int { stack.rowCount }
    var counters: StackCounters { stack.counters }

    mutating func reveal(_ target: String, alignment: ScrollAlignment) -> Bool {
        scroll(toID: target, alignment: alignment)
    }

    /// `/` `?` Enter: starts a search after the focused item.
    mutating func startSearch(_ pattern: String, forward: Bool) -> String? {
        search.start(pattern, forward: forward, after: view.focusedOrdinal)
        return nil
    }

    /// `&` Enter: starts a filter (empty: every item again).
    mutating func startFilter(_ pattern: String) -> String? {
        beginFilter(pattern)
        return nil
    }

    mutating func finishWork() {
        finishSearch()
        finishFilter()
    }

    /// What `y` copies of the focused item (or card): its fields as JSON, pretty (`yy`, `Y`) or
    /// on one line (`yv`); its id (`yp`, `yk`: an item's id is its path and its key).
    func copy(_ target: CopyTarget) -> Result<(text: String, said: String), CopyRefusal> {
        guard let id = focusedID else { return .failure(CopyRefusal(message: "nothing to copy: no item is focused")) }
        let shown = CellText.inert(id)
        switch target {
        case .path, .key:
            return .success((id, "copied the id \(shown)"))
        case .value, .valueAsWritten, .valueOnOneLine:
            guard let focused = view.focusedItem else {
                return .failure(CopyRefusal(message: "nothing to copy: \(shown) is not an item"))
            }
            let item = rows.document.sections[focused.section].items[focused.item]
            let oneLine = target == .valueOnOneLine
            return .success((Self.json(of: item, oneLine: oneLine), "copied the item \(shown)\(oneLine ? " on one line" : "")"))
        }
    }

    /// An item's fields as a JSON object, as the document's format names them.
    static func json(of item: StackDocument.Item, oneLine: Bool) -> String {
        var members = [("id", JSONString.literal(item.id)), ("title", JSONString.literal(item.title))]
        if let subtitle = item.subtitle { members.append(("subtitle", JSONString.literal(subtitle))) }
        if !item.art.isEmpty {
            members.append(("art", "[" + item.art.map(JSONString.literal).joined(separator: ", ") + "]"))
        }
        if let body = item.body { members.append(("body", JSONString.literal(body))) }
        if item.detail != 1 { members.append(("detail", "\(item.detail)")) }
        let written = members.map { "\"\($0.0)\": \($0.1)" }
        return oneLine ? "{" + written.joined(separator: ", ") + "}" : "{\n  " + written.joined(separator: ",\n  ") + "\n}"
    }

    // MARK: - Work on ticks

    /// The shortest time between two takes of scanned items while keys may come: longer than
    /// ncurses' escape delay (25 ms), or a key sent as an escape sequence would wait for ticks.
    static let batchTime = Duration.milliseconds(50)
    /// The longest a take-in of scanned items runs before the next key is read.
    static let takeInSlice = Duration.milliseconds(2)
    /// While a jump waits for the scan, a frame every this many milliseconds (the spinner).
    static let waitingFrameInterval = 15

    /// A tick: a frame of a jump's way, a take-in of scanned items, a step of a search or a
    /// filter.
    mutating func advance(now: ContinuousClock.Instant, lastFrame: ContinuousClock.Instant) -> Bool {
        var changed = false
        if animation.isRunning {
            animation.advance()
            changed = true
        }
        if let document = loading.document,
            isWaitingForScan || document.hasItemsToTakeIn || now - loading.lastTakeIn >= Self.batchTime {
            changed = takeInScannedItems(now: now, lastFrame: lastFrame) || changed
        }
        // A search that waits for the scan goes on after a take-in (a frame when it moved on).
        if search.isSearching {
            let waited = search.isWaiting
            continueSearch()
            changed = changed || !(waited && search.isWaiting)
        }
        if filtering.isFiltering {
            continueFilter()
            changed = true
        }
        return changed
    }

    /// At once for a search's or a filter's next step, 30 ms for a jump's next frame, 15 ms
    /// while a jump waits for the scan, and when the batch time is up while the scan has news.
    func tickInterval(now: ContinuousClock.Instant) -> Int? {
        var intervals: [Int] = []
        if (search.isSearching && !search.isWaiting) || filtering.isFiltering { intervals.append(0) }
        if animation.isRunning { intervals.append(JumpAnimation.frameInterval) }
        if let document = loading.document {
            let left = Self.batchTime - (now - loading.lastTakeIn)
            if isWaitingForScan {
                intervals.append(Self.waitingFrameInterval)
            } else if document.hasItemsToTakeIn {
                // Items already found are taken in a slice at a time, a key between slices.
                intervals.append(0)
            } else if left > .zero {
                intervals.append(Int((left / .milliseconds(1)).rounded(.up)))
            }
        }
        return intervals.min()
    }

    /// While a document is read and its batch time is up, the scan's wake pipe.
    func wakeDescriptor(now: ContinuousClock.Instant) -> Int32? {
        guard let document = loading.document, !isWaitingForScan, !document.hasItemsToTakeIn,
            now - loading.lastTakeIn >= Self.batchTime else { return nil }
        return document.wakeDescriptor
    }

    /// Takes in what the scan found, for at most 2 ms (a key waits no longer: what is left is
    /// taken at the next tick, at once if no key came); while a jump waits, one batch, so the
    /// spinner's frames stay under 30 ms apart.
    /// - Returns: whether to draw: while a jump waits (the spinner turns) or when it arrived,
    ///   when the scan ended, while following the end, and else at most once a second (a
    ///   progress line that changed every few milliseconds would make keys look slow).
    private mutating func takeInScannedItems(now: ContinuousClock.Instant, lastFrame: ContinuousClock.Instant) -> Bool {
        let waited = isWaitingForScan
        var absorbed = false
        while absorbLoadedItems() {
            absorbed = true
            if isWaitingForScan || ContinuousClock.now - now > Self.takeInSlice { break }
        }
        if waited { return true }
        // Followed, new items show at once (less +F shows each line as it comes).
        return absorbed && (!isLoading || loading.follows || now - lastFrame > .seconds(1))
    }
}
