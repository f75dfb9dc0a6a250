/// Input that grows while it is scanned — standard input copied to a spool, or a file followed
/// as it is appended to — read in place with `pread`. The scan waits on `changes` at the end
/// of what arrived, so nothing polls.
protocol GrowingInput: AnyObject, Sendable {
    /// What messages call the input.
    var name: String { get }
    /// Advanced each time bytes arrive and when the input ends.
    var changes: ChangeSignal { get }
    /// Bytes that can be read so far.
    var bytesWritten: Int { get }
    /// Whether the input ended: nothing more will arrive.
    var isFinished: Bool { get }
    /// Why it ended early, if it did.
    var failure: DocumentError? { get }
    /// Whether nothing more has arrived to read for now (a pipe whose writer pauses, a followed
    /// file at its end): a decision that waits for more can be made from what there is.
    var isIdle: Bool { get }
    /// A reader of its bytes.
    func reader() throws(DocumentError) -> FileReader
}

extension GrowingInput {
    /// Blocks until `condition` holds or the input ended, waking only when bytes arrive.
    func wait(until condition: (Self) -> Bool) {
        while true {
            let generation = changes.generation
            if isFinished || condition(self) { return }
            changes.wait(after: generation)
        }
    }
}
