@testable import DocumentViewer
import DocumentData
import StackEngine

/// What tests read and drive of the content a viewer shows, by its kind: a stack document's
/// rows and work, a tree's path and scan.
extension Viewer {
    // MARK: - A stack document

    var rows: DocumentRows { document!.rows }
    var stack: LazyStack<DocumentRows> { document!.stack }
    var focus: Int? { document!.focus }
    var detailLevel: Int { document!.detailLevel }
    var markedIDs: Set<String> { document!.markedIDs }
    var filter: ItemFilter? { document!.filter }
    var isSearching: Bool { document!.isSearching }
    var isFiltering: Bool { document!.isFiltering }
    var isLoading: Bool { document!.isLoading }
    var loadProblem: String? { document!.loadProblem }

    mutating func continueSearch(budget: Int = DocumentContent.searchStep) {
        changeDocument { $0.continueSearch(budget: budget) }
    }

    mutating func finishFilter() { changeDocument { $0.finishFilter() } }

    @discardableResult
    mutating func absorbLoadedItems(
        until deadline: ContinuousClock.Instant = .now, stoppingWhen inputIsWaiting: () -> Bool = { false }
    ) -> Bool {
        var absorbed = false
        changeDocument { absorbed = $0.absorbLoadedItems(until: deadline, stoppingWhen: inputIsWaiting) }
        return absorbed
    }

    private mutating func changeDocument(_ change: (inout DocumentContent) -> Void) {
        var shown = content as! DocumentContent
        change(&shown)
        content = shown
    }

    // MARK: - A tree

    var focusedPath: String? { tree!.focusedPath }
    var treeStack: LazyStack<TreeRows> { tree!.stack }

    mutating func takeScanned() {
        if var shown = content as? TableContent {
            shown.takeScanned()
            content = shown
        } else {
            var shown = content as! TreeContent
            shown.takeScanned()
            content = shown
        }
        takeHandover()
    }
}
