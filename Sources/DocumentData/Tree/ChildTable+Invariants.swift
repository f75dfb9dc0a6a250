// MARK: - Invariants, checked with the outline's after every change in debug builds

extension ChildTable {
    /// Every broken invariant of the table, described; empty when it is consistent: the
    /// children's value regions start in order inside the container, an object's keys each
    /// start before their value and after the child before, one count a kept child.
    /// - Complexity: O(children kept). For checks and tests.
    public func invariantViolations() -> [String] {
        var problems: [String] = []
        if counts.count != valueStarts.count { problems.append("\(counts.count) counts for \(valueStarts.count) children") }
        if isObject, keyStarts.count != valueStarts.count {
            problems.append("\(keyStarts.count) keys for \(valueStarts.count) children")
        }
        for index in valueStarts.indices {
            if index > 0, valueStarts[index] <= valueStarts[index - 1] { problems.append("child \(index) starts before the one before") }
            if valueStarts[index] <= start { problems.append("child \(index) starts before its container") }
            if isComplete, end >= 0, valueStarts[index] > end { problems.append("child \(index) starts after its container") }
            if isObject, index < keyStarts.count {
                if keyStarts[index] >= valueStarts[index] { problems.append("key \(index) starts after its value") }
                if index > 0, keyStarts[index] <= valueStarts[index - 1] { problems.append("key \(index) starts in the child before") }
            }
        }
        return problems
    }
}
