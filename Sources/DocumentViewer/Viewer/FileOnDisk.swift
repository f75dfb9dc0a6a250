import DocumentData

/// How a viewer's document is opened again (`R`, `:reload`): the file's path and the call that
/// opens it as it was opened (whole or lazily, its threshold), given by whoever opened it.
public struct DocumentReopening {
    /// The file's path.
    public let path: String
    let open: () throws -> OpenedDocument

    /// Reopens `path` by calling `open`.
    public init(path: String, open: @escaping () throws -> OpenedDocument) {
        self.path = path
        self.open = open
    }
}

/// The file a viewer shows, as it is on disk: watched while the viewer runs (``FileWatch``),
/// what changed said on the status line until it is opened again, and how to open it again.
/// A component of the ``Viewer``: the one place that knows the file can change under it.
struct FileOnDisk {
    let reopening: DocumentReopening
    private let watch: FileWatch
    /// What `Viewer(opening:…)` was given, to make the viewer again.
    let prefetchScreens: Double
    let retainScreens: Double
    let layoutLog: ((String) -> Void)?

    /// Watches the file `reopening` opens again; nil when it is no regular file (a pipe, a
    /// device: it cannot be read again).
    init?(_ reopening: DocumentReopening, prefetchScreens: Double, retainScreens: Double, layoutLog: ((String) -> Void)?) {
        guard let watch = FileWatch(path: reopening.path) else { return nil }
        self.reopening = reopening
        self.watch = watch
        self.prefetchScreens = prefetchScreens
        self.retainScreens = retainScreens
        self.layoutLog = layoutLog
    }

    /// Readable when the file was touched.
    var wakeDescriptor: Int32 { watch.wakeDescriptor }

    /// The most serious change seen since the file was opened.
    var change: FileWatch.Change? { watch.change }

    /// The file's news since the last call: a change more serious than any seen before.
    func check() -> FileWatch.Change? { watch.check() }

    /// What the status line keeps saying once the file changed: `app.jsonl was rewritten on
    /// disk — R reloads`.
    func note(fileName: String) -> String? {
        change.map { "\(fileName) \($0) — R reloads" }
    }
}
