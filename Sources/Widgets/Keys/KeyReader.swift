import TerminalUI

/// Reads keys as chords of a ``KeyTable``: a key that starts a two-key chord waits for the
/// next one. Its one piece of state is that first key.
public struct KeyReader: Sendable {
    /// What a key read amounts to.
    public enum Reading<Action: Equatable & Sendable>: Equatable, Sendable {
        /// A chord bound to `action` was completed.
        case action(Action)
        /// The first key of a two-key chord: the next key completes it.
        case pending(Key)
        /// A chord bound to nothing (`zx`, or `x` alone).
        case unbound(KeyChord)
    }

    /// The first key of a two-key chord, while the second is awaited.
    public private(set) var pending: Key?

    @usableFromInline mutating func setPending(_ key: Key?) { pending = key }

    /// A reader with no chord begun.
    public init() {}

    /// Reads `key` in `context` of `table`.
    @inlinable
    public mutating func read<Action, Context>(
        _ key: Key, in table: KeyTable<Action, Context>, context: Context
    ) -> Reading<Action> {
        if let prefix = pending {
            setPending(nil)
            let chord = KeyChord(prefix, key)
            return table.action(for: chord, in: context).map { .action($0) } ?? .unbound(chord)
        }
        if table.isPrefix(key, in: context) {
            setPending(key)
            return .pending(key)
        }
        let chord = KeyChord(key)
        return table.action(for: chord, in: context).map { .action($0) } ?? .unbound(chord)
    }

    /// Forgets a first key read.
    public mutating func reset() { pending = nil }
}
