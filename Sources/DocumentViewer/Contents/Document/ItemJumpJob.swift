import StackEngine
import TerminalUI

/// A jump in a stack document beyond what the scan has found so far — End (`G`) before the last
/// item is known, `:goto` to an id not found yet — tried again after every take-in, until it
/// lands, the scan ends or a key stops it.
struct ItemJumpJob: ContentJob {
    /// Where it jumps.
    enum Target: Equatable {
        case bottom
        case id(String, ScrollAlignment)
    }

    var kind: ViewerJob { .pendingJump }
    let target: Target

    init(_ target: Target) { self.target = target }

    /// Said by the reading note's spinner (``DocumentLoading/note(jumpWaits:)``), not as a message.
    func progress(in content: DocumentContent) -> String? { nil }

    /// After a take-in: the id scrolled to when it was found; at the end of the scan, the bottom
    /// (or that the id never came).
    mutating func step(in content: inout DocumentContent) -> JobStep {
        switch target {
        case .id(let id, let alignment):
            if content.view.scroll(toID: id, alignment: alignment) { return .ended(said: nil) }
            return content.isLoading ? .caughtUp : .ended(said: "no item with id \"\(CellText.inert(id))\"")
        case .bottom:
            guard !content.isLoading else { return .caughtUp }
            content.perform(.bottom)
            return .ended(said: nil)
        }
    }
}
