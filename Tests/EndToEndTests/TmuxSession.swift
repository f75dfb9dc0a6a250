import Glibc
import Testing

/// A tmux server of its own (own socket, no user config) running one command in a fixed-size
/// window: keys go in with `send-keys`, the screen comes out with `capture-pane`.
final class TmuxSession {
    let directory: String
    private var socket: String { directory + "/tmux.sock" }

    /// Starts `command` (a shell command line) in a `width`×`height` window.
    ///
    /// Under AddressSanitizer (`make test-asan`) the leak check is off in the window: a viewer
    /// still running when the server is killed gets SIGHUP, and LeakSanitizer's exit-time check
    /// then hung (seen: the viewer spinning in `sched_yield` beside its sleeping tracer, until
    /// SIGKILL). Memory errors are still caught.
    init(width: Int, height: Int, command: String) {
        directory = Subprocess.temporaryDirectory()
        _ = tmux("new-session", "-d", "-s", "main", "-x", "\(width)", "-y", "\(height)",
                 "-e", "LANG=C.UTF-8", "-e", "TERM=tmux-256color", "-e", "ASAN_OPTIONS=detect_leaks=0", command)
    }

    deinit {
        _ = tmux("kill-server")
        Subprocess.removeDirectory(directory)
    }

    @discardableResult
    func tmux(_ arguments: String...) -> Subprocess.Result {
        Subprocess.run(["tmux", "-S", socket, "-f", "/dev/null"] + arguments)
    }

    /// Sends keys in tmux's notation (`j`, `C-d`, `PageDown`, `Escape`).
    func send(_ keys: String...) {
        for key in keys { tmux("send-keys", "-t", "main", key) }
    }

    /// Sends raw bytes, written in hex and separated by spaces (`1b 5b 7e`), in one write.
    func send(bytes hex: String) {
        _ = Subprocess.run(["tmux", "-S", socket, "-f", "/dev/null", "send-keys", "-t", "main", "-H"]
            + hex.split(separator: " ").map(String.init))
    }

    /// The visible screen, one string per line (trailing blanks trimmed by tmux).
    func capture() -> [String] {
        tmux("capture-pane", "-p", "-t", "main").lines
    }

    func resize(width: Int, height: Int) {
        tmux("resize-window", "-t", "main", "-x", "\(width)", "-y", "\(height)")
    }

    /// The pid of the pane's shell.
    var panePID: pid_t {
        pid_t(tmux("display-message", "-p", "-t", "main", "#{pane_pid}").stdout
            .split(separator: "\n").first.flatMap { Int32($0) } ?? 0)
    }

    /// Polls the screen for `seconds` or until `condition` holds, recording nothing: for a step
    /// that checks that something does not happen (the caller asserts on the capture returned).
    func watch(seconds: Double, for condition: ([String]) -> Bool) -> [String] {
        var screen = capture()
        var waited = 0.0
        while !condition(screen), waited < seconds {
            usleep(50_000)
            waited += 0.05
            screen = capture()
        }
        return screen
    }

    /// Polls the screen until `condition` holds, for up to `seconds`; returns the last capture.
    /// A wait that runs out is a failure of the test that waited (recorded where it was called,
    /// with the screen): a step that passes silently after its timeout tests nothing.
    @discardableResult
    func waitUntil(
        seconds: Double = 10, sourceLocation: SourceLocation = #_sourceLocation, _ condition: ([String]) -> Bool
    ) -> [String] {
        let screen = watch(seconds: seconds, for: condition)
        if !condition(screen) {
            Issue.record("waited \(seconds) s in vain; the screen: \(screen)", sourceLocation: sourceLocation)
        }
        return screen
    }
}
