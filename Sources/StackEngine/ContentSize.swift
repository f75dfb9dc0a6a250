/// The size of the whole content along the stack's axis, and how much of it is known.
public enum ContentSize: Equatable, Sendable {
    /// Every row has been measured at the current cross extent.
    case exact(Int)
    /// Some rows are counted at an estimate: `measured` rows are known, `approximated` are not.
    case estimated(total: Int, measured: Int, approximated: Int)

    /// The total, exact or estimated.
    public var total: Int {
        switch self {
        case .exact(let total), .estimated(let total, _, _): return total
        }
    }

    /// Whether every row has been measured.
    public var isExact: Bool {
        if case .exact = self { return true }
        return false
    }
}
