extension Duration {
    /// The duration in whole milliseconds, rounded up (a wait a hair short would wake to find
    /// nothing due); 0 for none or a negative one.
    public var millisecondsRoundedUp: Int {
        guard self > .zero else { return 0 }
        return Int((self / .milliseconds(1)).rounded(.up))
    }
}
