/// What a row is, as far as layout cares: pinning and estimation both depend on it.
public enum RowKind: Int, Sendable, CaseIterable {
    /// A section's header: pinned to the leading edge when headers are pinned.
    case header
    /// An ordinary item.
    case item
    /// A section's footer: pinned to the trailing edge when footers are pinned.
    case footer
    /// A placeholder at the end of a section whose next page has not arrived.
    case loading
}
