import CNcursesw
import Platform

/// The real terminal, through ncursesw's wide-character API.
///
/// Opened on `/dev/tty` with `newterm`, so standard input can be a pipe. Signals (SIGINT, SIGTERM,
/// SIGHUP, SIGQUIT) are caught by handlers that only record them; ``nextEvent()`` then reports
/// `.signal` and the caller closes the terminal. ``close()`` always restores it and is idempotent.
public final class NcursesTerminal: TerminalScreen, InputSource {
    /// Whether the terminal `TERM` names can show a screen: it is known, and moves the cursor
    /// (`TERM=dumb`, or an unknown `TERM`, cannot: the document is printed as text instead).
    public static var canShowAScreen: Bool { tstack_terminal_addresses_cursor() == 1 }

    private var screen: OpaquePointer?
    private var tty: UnsafeMutablePointer<FILE>?
    /// Whether colours are drawn (the terminal has them and `NO_COLOR` is not set).
    public let usesColor: Bool
    private var writer: FrameWriter
    /// Whether a frame was presented (the first clears the screen without ncurses).
    private var hasPresented = false

    /// Opens the terminal and switches it to the viewer's mode.
    /// - Parameter color: whether to use colour (false for `NO_COLOR`).
    /// - Throws: ``TerminalError`` when there is no terminal or `TERM` is unusable.
    public init(color: Bool) throws(TerminalError) {
        // The character type is all the terminal needs of the locale (ncursesw's wide
        // characters); the other categories are a dozen more files read at every start.
        if setlocale(LC_CTYPE, "") == nil || !Self.localeIsUTF8() {
            setlocale(LC_CTYPE, "C.UTF-8")
        }
        let termName = getenv("TERM").map { String(cString: $0) }
        guard let termName, !termName.isEmpty, termName != "dumb" else {
            throw .unknownTerminalType(termName == "dumb" ? "dumb" : nil)
        }
        guard let tty = fopen("/dev/tty", "r+") else {
            throw .noTerminal(reason: String(cString: strerror(errno)).lowercased())
        }
        guard let screen = newterm(termName, tty, tty) else {
            fclose(tty)
            throw .unknownTerminalType(termName)
        }
        self.tty = tty
        self.screen = screen
        set_term(screen)
        tstack_install_signal_handlers(fileno(tty))
        cbreak()
        noecho()
        nonl()
        keypad(tstack_stdscr(), true)
        set_escdelay(25)
        mousemask(tstack_wheel_mask(), nil)
        mouseinterval(0)
        Self.defineHomeEndSequences()
        usesColor = color && has_colors()
        if usesColor {
            start_color()
            use_default_colors()
        }
        // Last: hiding the cursor sends what ncurses buffered of the modes set (the alternate
        // screen first) before the first frame, which no ncurses refresh precedes.
        curs_set(0)
        writer = FrameWriter(controls: Self.terminfoControls(color: usesColor))
        // Bracketed paste: pasted text comes as text (``InputEvent/paste(_:)``), never as keys
        // (a pasted `q` quit).
        fputs(Self.pasteModeOn, tty)
        fflush(tty)
    }

    /// The current terminal's control sequences, from its terminfo entry.
    private static func terminfoControls(color: Bool) -> ControlSequences {
        func string(_ name: String) -> [UInt8]? {
            tstack_string_capability(name).map { ControlSequences.withoutPadding(Array(String(cString: $0).utf8)) }
        }
        func format(_ name: String) -> (@Sendable (Int, Int) -> [UInt8])? {
            // The padding is literal text in the template, not a parameter: dropped once here.
            guard let template = string(name).map({ String(decoding: $0, as: UTF8.self) }) else { return nil }
            return { first, second in
                tstack_format_capability(template, Int32(first), Int32(second)).map { Array(String(cString: $0).utf8) } ?? []
            }
        }
        let colors = color && string("setaf") != nil
        func colorTable(_ name: String) -> [[UInt8]] {
            guard colors, let set = format(name) else { return [] }
            return (0..<8).map { set($0, 0) }
        }
        let ansi = ControlSequences.ansi
        return ControlSequences(
            moveCursor: format("cup") ?? ansi.moveCursor,
            scrollRegion: format("csr"),
            scrollForward: string("ind"),
            scrollReverse: string("ri"),
            clearToEndOfLine: string("el"),
            eraseCharacters: format("ech"),
            clearScreen: string("clear") ?? ansi.clearScreen,
            resetStyle: string("sgr0") ?? ansi.resetStyle,
            bold: string("bold"), dim: string("dim"), reverse: string("rev"), underline: string("smul"),
            foregrounds: colorTable("setaf"), backgrounds: colorTable("setab"),
            writesBottomRightCell: tstack_flag_capability("am") == 0 || tstack_flag_capability("xenl") != 0)
    }

    deinit { close() }

    /// Restores the terminal: cooked mode, echo, visible cursor, normal screen. Safe to call twice.
    public func close() {
        guard let screen else { return }
        if let tty { fputs(Self.pasteModeOff, tty); fflush(tty) }
        if let tty, size.height > 0 {
            // Whatever a frame cut short left: the whole screen scrolls, the style is the default.
            let reset = writer.resettingBytes(height: size.height)
            reset.withUnsafeBytes { _ = write(fileno(tty), $0.baseAddress, $0.count) }
            // The writer moved the cursor behind ncurses' back: from an unknown place, ncurses
            // moves it by absolute address (endwin then leaves it on the last line).
            mvcur(-1, -1, Int32(size.height) - 1, 0)
        }
        curs_set(1)
        endwin()
        delscreen(screen)
        self.screen = nil
        if let tty { fclose(tty) }
        tty = nil
    }

    /// The terminal's size now.
    public var size: TerminalSize {
        TerminalSize(width: Int(tstack_cols(tstack_stdscr())), height: Int(tstack_rows(tstack_stdscr())))
    }

    // MARK: - Output

    /// Draws `buffer`: the frame writer sends what differs from the last frame (a scroll as a
    /// scrolled region and the lines it opens) in the terminal's own control sequences, in one
    /// write. ncurses is only asked to clear the screen at a new size, which also settles what
    /// its own resize handling left to draw.
    public func present(_ buffer: CellBuffer) {
        guard screen != nil, let tty else { return }
        if !writer.shows(width: buffer.width, height: buffer.height) {
            let window = tstack_stdscr()
            if hasPresented {
                // A new size, or a screen the writer no longer knows: ncurses clears it first
                // (which also settles what its own resize handling would repaint).
                wclear(window)
                wrefresh(window)
            } else {
                // The first frame clears the screen itself (the writer knows no frame before
                // it): ncurses is only told that its window, blank since `newterm`, is drawn, so
                // that reading a key does not draw it over the frame. (Its clear and refresh
                // cost the first frame 0.7 M instructions: ncurses compares and sends a screen.)
                wtouchln(window, 0, tstack_rows(window), 0)
            }
            hasPresented = true
        }
        let bytes = writer.bytes(for: buffer)
        fflush(tty)
        bytes.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let count = write(fileno(tty), bytes.baseAddress! + sent, bytes.count - sent)
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    // Part of the frame is lost: the next one clears and is written whole.
                    writer.forget()
                    return
                }
                sent += count
            }
        }
    }

    /// Sends OSC 52 (`ESC ] 52 ; c ; BASE64 BEL`) to the terminal ncurses draws on, between
    /// frames: ncurses has flushed what it drew, and the sequence moves no cursor.
    public func copyToClipboard(_ text: String) {
        guard screen != nil, let tty else { return }
        fputs("\u{1B}]52;c;\(Base64.encode(Array(text.utf8)))\u{07}", tty)
        fflush(tty)
    }

    // MARK: - Input

    /// Whether a key, a mouse event or a resize is already waiting to be read.
    /// (A termination signal counts: work in slices stops for it as for a key, and the loop
    /// takes it next.)
    public var hasPendingInput: Bool {
        guard screen != nil else { return false }
        if tstack_signal_is_pending() != 0 { return true }
        let window = tstack_stdscr()
        wtimeout(window, 0)
        defer { wtimeout(window, -1) }
        var character: wint_t = 0
        let status = wget_wch(window, &character)
        guard status != ERR else { return false }
        if status == KEY_CODE_YES { ungetch(Int32(character)) } else { unget_wch(wchar_t(character)) }
        return true
    }

    /// Waits for the next event, asleep in `poll(2)` until a key, a signal or a resize comes:
    /// an idle viewer takes no CPU.
    public func nextEvent() -> InputEvent? {
        nextEvent(within: nil, wakingOn: nil)
    }

    /// Waits for the next event; returns ``InputEvent/tick`` after `milliseconds` (if given)
    /// or as soon as `descriptor` (if given) is readable, whichever comes first.
    public func nextEvent(within milliseconds: Int?, wakingOn descriptor: Int32?) -> InputEvent? {
        guard screen != nil, let tty else { return nil }
        let window = tstack_stdscr()
        // Keys ncurses already read (several arrive in one read) are taken without waiting;
        // then the loop sleeps in poll(2) on the terminal, the signal pipe and `descriptor`.
        wtimeout(window, 0)
        defer { wtimeout(window, -1) }
        let clock = ContinuousClock()
        let deadline = milliseconds.map { clock.now + .milliseconds($0) }
        while true {
            let pending = tstack_take_pending_signal()
            if pending != 0 { return .signal(pending) }
            if tstack_take_continued() != 0 {
                // Back from a stop: ncurses repainted its own (blank) copy of the screen. The
                // next frame clears and is written whole; the shell turned bracketed paste off.
                writer.forget()
                fputs(Self.pasteModeOn, tty)
                fflush(tty)
                return .resize(size)
            }
            var character: wint_t = 0
            let status = wget_wch(window, &character)
            let signal = tstack_take_pending_signal()
            if signal != 0 { return .signal(signal) }
            if status == KEY_CODE_YES, let event = event(forKeyCode: Int32(character)) { return event }
            if status == OK, character == 27 {
                // (A sequence dropped whole: the loop reads on.)
                if let event = escapeSequence(in: window) { return event }
                continue
            }
            if status == OK, let key = Self.key(forCharacter: UInt32(character)) { return .key(key) }
            if status != ERR { continue }
            var timeout: Int32 = -1
            if let deadline {
                let left = deadline - clock.now
                guard left > .zero else { return .tick }
                timeout = Int32(clamping: left.millisecondsRoundedUp)
            }
            var watched = [
                pollfd(fd: fileno(tty), events: Int16(POLLIN), revents: 0),
                pollfd(fd: tstack_signal_pipe_reader(), events: Int16(POLLIN), revents: 0),
                pollfd(fd: descriptor ?? -1, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&watched, nfds_t(watched.count), timeout)
            if ready < 0, errno != EINTR { return nil }
            if watched[1].revents != 0 { tstack_drain_signal_pipe() }
            if watched[2].revents != 0 { return .tick }
            // The terminal hung up or closed: reads will never succeed again.
            if watched[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return nil }
            if ready == 0, deadline != nil { return .tick }
        }
    }

    private func event(forKeyCode code: Int32) -> InputEvent? {
        switch code {
        case KEY_RESIZE: return .resize(size)
        case KEY_MOUSE: return mouseEvent()
        case KEY_UP: return .key(.up)
        case KEY_DOWN: return .key(.down)
        case KEY_LEFT: return .key(.left)
        case KEY_RIGHT: return .key(.right)
        case KEY_NPAGE: return .key(.pageDown)
        case KEY_PPAGE: return .key(.pageUp)
        case KEY_HOME: return .key(.home)
        case KEY_END: return .key(.end)
        case KEY_ENTER: return .key(.enter)
        case KEY_BACKSPACE: return .key(.backspace)
        case KEY_DC: return .key(.delete)
        case KEY_IC: return .key(.insert)
        case KEY_BTAB: return .key(.backTab)
        default:
            for number in 1...12 where code == tstack_key_f(Int32(number)) {
                return .key(.function(number))
            }
            return nil
        }
    }

    /// Bracketed paste on (pasted text arrives between `ESC [ 200 ~` and `ESC [ 201 ~`) and off.
    private static let pasteModeOn = "\u{1B}[?2004h"
    private static let pasteModeOff = "\u{1B}[?2004l"

    /// After an ESC that ncurses matched to no key: Esc alone; Esc then a key (the key stays
    /// for the next read, as it did); or a sequence ncurses was not set up to know, read whole —
    /// a bracketed paste (its text), a mouse report in SGR (`ESC [ < b ; x ; y M`) or X10 form
    /// that the terminal sends though ncurses asked for the other, and anything else (dropped) —
    /// so that no byte of it arrives as a key (a release's `m` marked the row).
    /// - Returns: the event, or nil when the sequence is dropped.
    private func escapeSequence(in window: UnsafeMutablePointer<WINDOW>?) -> InputEvent? {
        // What follows the ESC of a sequence came in the same read (ncurses holds it): no wait
        // for the first byte, a short one for the rest of a sequence cut between two reads.
        wtimeout(window, 0)
        defer { wtimeout(window, 0) }
        func next() -> UInt32? {
            var character: wint_t = 0
            let status = wget_wch(window, &character)
            if status == KEY_CODE_YES { ungetch(Int32(character)) }
            return status == OK ? UInt32(character) : nil
        }
        guard let introducer = next() else { return .key(.escape) }
        switch introducer {
        case 0x5B: break  // `[`: a control sequence.
        case 0x4F:  // `O`: SS3, one byte more, that ncurses did not know.
            wtimeout(window, 25)
            _ = next()
            return nil
        default:
            unget_wch(wchar_t(introducer))
            return .key(.escape)
        }
        wtimeout(window, 25)
        var parameters: [UInt8] = []
        var final: UInt32?
        while parameters.count < 64, let byte = next() {
            if (0x20...0x3F).contains(byte) {
                parameters.append(UInt8(byte))
            } else {
                if (0x40...0x7E).contains(byte) { final = byte }
                break
            }
        }
        let text = String(decoding: parameters, as: UTF8.self)
        switch (text, final) {
        case ("200", 0x7E?): return .paste(pastedText(in: window))
        case (_, 0x4D?) where text.hasPrefix("<"), (_, 0x6D?) where text.hasPrefix("<"):
            let numbers = text.dropFirst().split(separator: ";").compactMap { Int($0) }
            guard numbers.count == 3, final == 0x4D else { return nil }
            return Self.mouse(button: numbers[0], x: numbers[1] - 1, y: numbers[2] - 1)
        case ("", 0x4D?):
            // X10: three bytes, each 32 more than the button, the column and the line (from 1).
            guard let button = next(), let x = next(), let y = next() else { return nil }
            return Self.mouse(button: Int(button) - 32, x: Int(x) - 33, y: Int(y) - 33)
        default: return nil
        }
    }

    /// The text of a bracketed paste, up to its closing `ESC [ 201 ~` (at most a MiB kept; a
    /// paste cut short ends when nothing more comes for 100 ms).
    private func pastedText(in window: UnsafeMutablePointer<WINDOW>?) -> String {
        wtimeout(window, 100)
        var scalars = String.UnicodeScalarView()
        let end = Array("\u{1B}[201~".unicodeScalars)
        var matched = 0
        var kept = 0
        while true {
            var character: wint_t = 0
            let status = wget_wch(window, &character)
            guard status != ERR else { break }
            guard status == OK, let scalar = Unicode.Scalar(UInt32(character)) else { continue }
            if scalar == end[matched] {
                matched += 1
                if matched == end.count { break }
                continue
            }
            // (A partial match was text after all.)
            for held in end[0..<matched] where kept < 1 << 20 { scalars.append(held); kept += 1 }
            matched = scalar == end[0] ? 1 : 0
            if matched == 0, kept < 1 << 20 {
                scalars.append(scalar)
                kept += 1
            }
        }
        return String(scalars)
    }

    /// A mouse report's event: the wheel (buttons 64 up, 65 down), a press of the left button
    /// (no motion, no modifier); nil for the rest (releases, drags, other buttons).
    static func mouse(button: Int, x: Int, y: Int) -> InputEvent? {
        if button == 64 { return .mouse(.wheel(-1)) }
        if button == 65 { return .mouse(.wheel(1)) }
        guard button == 0, x >= 0, y >= 0 else { return nil }
        return .mouse(.click(x: x, y: y))
    }

    private func mouseEvent() -> InputEvent? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        switch tstack_mouse_kind(event.bstate) {
        case 1: return .mouse(.wheel(-1))
        case -1: return .mouse(.wheel(1))
        case 2: return .mouse(.click(x: Int(event.x), y: Int(event.y)))
        default: return nil
        }
    }

    /// Decodes a character from `get_wch`; nil for ones the viewer ignores.
    static func key(forCharacter value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 10, 13: return .enter
        case 27: return .escape
        case 8, 127: return .backspace
        case 1...26: return .control(Character(Unicode.Scalar(value + 96) ?? "?"))
        case 0..<32: return nil
        default: return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }

    private static func defineHomeEndSequences() {
        for sequence in ["\u{1B}[1~", "\u{1B}[7~", "\u{1B}[H", "\u{1B}OH"] { define_key(sequence, KEY_HOME) }
        for sequence in ["\u{1B}[4~", "\u{1B}[8~", "\u{1B}[F", "\u{1B}OF"] { define_key(sequence, KEY_END) }
    }

    private static func localeIsUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }
}
