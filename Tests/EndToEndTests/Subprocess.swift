import Glibc
import TestSupport

/// Runs programs with `posix_spawnp` and `waitpid`, output to temporary files. (Foundation's
/// `Process` hangs on `tmux new-session`: the tmux server inherits its internal socket.)
enum Subprocess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// Peak resident memory of the program, in KiB.
        var peakKilobytes = 0
        /// Whether it was killed for running past the time limit.
        var timedOut = false
        var lines: [String] {
            var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            if lines.last == "" { lines.removeLast() }
            return lines
        }
    }

    /// The built `tstack` binary, beside the test bundle.
    static let tstack: String = {
        let path = CommandLine.arguments[0]
        let directory = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        return (directory.isEmpty ? "." : directory) + "/tstack"
    }()

    /// The repository's root directory.
    static let root: String = {
        "/" + String(#filePath).split(separator: "/").dropLast(3).joined(separator: "/")
    }()

    /// The demo document.
    static let demo = root + "/Examples/origami.json"

    /// Runs `arguments` (the first is the program, looked up in PATH) with `input` on standard
    /// input, waits for it, and returns its status and output.
    static func run(_ arguments: [String], input: String = "") -> Result {
        let directory = temporaryDirectory()
        defer { removeDirectory(directory) }
        write(input, to: directory + "/stdin")
        return run(arguments, stdin: directory + "/stdin")
    }

    /// Runs `arguments` with standard input read from `stdin` (a file, `/dev/zero`, a FIFO) and
    /// standard output written to `stdout` (else a temporary file), in `environment` added to
    /// this process's; after `timeout` seconds the program is killed (SIGKILL) and the result
    /// says so. A hang guard, not a speed test: speed lives in the benchmarks.
    static func run(
        _ arguments: [String], stdin: String, stdout: String? = nil, environment: [String: String] = [:],
        timeout: Double = 120
    ) -> Result {
        let directory = temporaryDirectory()
        defer { removeDirectory(directory) }
        let outPath = stdout ?? directory + "/stdout", errPath = directory + "/stderr"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var cArguments = arguments.map { strdup($0) } + [nil]
        defer { cArguments.forEach { free($0) } }
        // Under ASan, no leak check at the program's exit (as in the tmux sessions): a program
        // that exits on an error while a background scan lets go of its file reader was
        // sometimes reported (one 52-byte object, never freed because the process ends). Leaks
        // are the unit tests' to find, in process.
        var environ = Self.environment(adding: ["ASAN_OPTIONS": "detect_leaks=0"].merging(environment) { $1 })
        defer { environ.forEach { free($0) } }
        // The test runner blocks some signals in its threads, and masks are inherited: give the
        // child an empty mask and default handlers, as a shell would.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigmask(&attributes, &empty)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, &attributes, &cArguments, &environ)
        guard spawned == 0 else {
            return Result(status: -1, stdout: "", stderr: "cannot run \(arguments[0]): \(spawned)")
        }
        let (status, peak, timedOut) = wait(for: pid, timeout: timeout)
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return Result(
            status: exitStatus, stdout: stdout == nil ? read(outPath) : "", stderr: read(errPath),
            peakKilobytes: peak, timedOut: timedOut)
    }

    /// Waits for `pid`, killing it after `timeout` seconds; its status, its peak resident memory
    /// in KiB, and whether it was killed. The peak is read from `/proc` while it runs: the
    /// rusage of a child started by `posix_spawn` counts the parent's memory too (the child
    /// shared it until `exec`), and a process's last few milliseconds may be missed.
    private static func wait(for pid: pid_t, timeout: Double) -> (Int32, Int, Bool) {
        var status: Int32 = 0
        let clock = ContinuousClock()
        let deadline = clock.now + .milliseconds(Int(timeout * 1000))
        var timedOut = false
        var peak = 0
        while true {
            peak = max(peak, highWaterMark(of: pid))
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid || (done < 0 && errno != EINTR) { break }
            if !timedOut, clock.now > deadline {
                kill(pid, SIGKILL)
                timedOut = true
            }
            usleep(2_000)
        }
        return (status, peak, timedOut)
    }

    /// `VmHWM` of a running process, in KiB; 0 when it cannot be read.
    private static func highWaterMark(of pid: pid_t) -> Int {
        let status = read("/proc/\(pid)/status")
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }) else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    /// This process's environment with `added` set, as `NAME=value` C strings.
    private static func environment(adding added: [String: String]) -> [UnsafeMutablePointer<CChar>?] {
        var result: [UnsafeMutablePointer<CChar>?] = []
        var index = 0
        while let entry = Glibc.environ[index] {
            let text = String(cString: entry)
            let name = text.split(separator: "=", maxSplits: 1).first.map(String.init) ?? text
            if added[name] == nil { result.append(strdup(entry)) }
            index += 1
        }
        for (name, value) in added.sorted(by: { $0.key < $1.key }) { result.append(strdup(name + "=" + value)) }
        return result + [nil]
    }

    static func temporaryDirectory() -> String {
        var template = Array("/tmp/tstack-e2e-XXXXXX".utf8CString)
        return template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    /// Removes a flat directory: its files, then itself.
    static func removeDirectory(_ path: String) {
        for name in Directory.fileNames(in: path) { unlink(path + "/" + name) }
        rmdir(path)
    }

    static func write(_ text: String, to path: String) {
        let file = fopen(path, "w")
        fputs(text, file)
        fclose(file)
    }

    static func read(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
