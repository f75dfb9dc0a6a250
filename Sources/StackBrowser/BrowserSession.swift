import Glibc
import TerminalUI

/// The run loop: one frame first, then one frame per event, until `q`, a signal or the end of
/// input. When more input is already waiting the frame is skipped (the screen catches up with
/// fast key repeat); the in-memory terminal never has input waiting, so `render` draws them all.
public enum BrowserSession {
    /// Why the loop ended.
    public enum Outcome: Equatable, Sendable {
        /// The user quit.
        case quit
        /// The input ended (the scripted keys of `render` ran out).
        case inputEnded
        /// A signal arrived (SIGINT, SIGTERM, SIGHUP, SIGQUIT); the caller restores the terminal
        /// and exits with 128 + the signal number.
        case signal(Int32)
    }

    /// Runs `browser` on `screen`, reading `input`. When `interactive`, long work (a search
    /// through a big document) runs in steps with a frame of progress between them and input
    /// interrupting it; otherwise (`render`) it finishes before the key's frame.
    ///
    /// With `animates` (interactive only), a jump of more than a screen shows a few frames on
    /// the way (at most 150 ms); `render` never sleeps.
    public static func run(
        _ browser: inout Browser, screen: TerminalScreen, input: InputSource, interactive: Bool = false,
        animates: Bool = false
    ) -> Outcome {
        if browser.size != screen.size { browser.resize(to: screen.size) }
        present(&browser, on: screen)
        let clock = ContinuousClock()
        var lastFrame = clock.now
        var lastTakeIn = clock.now
        while let event = nextEvent(for: browser, from: input, interactive: interactive, lastTakeIn: lastTakeIn) {
            if case .signal(let number) = event { return .signal(number) }
            if event == .tick {
                takeInLoadedItems(&browser, screen: screen, lastFrame: &lastFrame)
                lastTakeIn = clock.now
                // A search the tick came in the middle of goes on.
                searchInSteps(&browser, screen: screen, input: input)
                continue
            }
            browser.handle(event)
            if browser.isFinished { return .quit }
            if !interactive { browser.finishSearch() }
            if input.hasPendingInput { continue }
            if interactive, animates {
                for frame in browser.takeJumpFrames() {
                    screen.present(frame)
                    usleep(Browser.animationFrameMicros)
                }
            }
            present(&browser, on: screen)
            lastFrame = clock.now
            searchInSteps(&browser, screen: screen, input: input)
            if !input.hasPendingInput {
                // After the frame, not before it: taking in scanned items never delays a key.
                if browser.absorbLoadedItems(), !browser.isLoading { present(&browser, on: screen) }
                browser.prefetch()
            }
        }
        return .inputEnded
    }

    /// Runs the search in progress a step at a time, a frame of progress after each, until it
    /// ends or input waits (a key then stops it).
    private static func searchInSteps(_ browser: inout Browser, screen: TerminalScreen, input: InputSource) {
        while browser.isSearching, !input.hasPendingInput {
            browser.continueSearch()
            present(&browser, on: screen)
        }
    }

    /// On a tick while the document is read: takes in what the scan found. The screen is redrawn
    /// while a jump waits for the scan (its spinner's frame first, so frames keep the tick's
    /// pace), when the scan ends, and else once a second (a progress line that changed every few
    /// milliseconds would make keys look slow). At most 20 ms of rows are taken in (a key waits no
    /// longer); while a jump waits, one batch, so the spinner's frames stay under 30 ms apart.
    private static func takeInLoadedItems(
        _ browser: inout Browser, screen: TerminalScreen, lastFrame: inout ContinuousClock.Instant
    ) {
        let clock = ContinuousClock()
        if browser.isWaitingForScan {
            present(&browser, on: screen)
            lastFrame = clock.now
        }
        let start = clock.now
        var absorbed = false
        while browser.absorbLoadedItems() {
            absorbed = true
            if browser.isWaitingForScan || clock.now - start > .milliseconds(20) { break }
        }
        if absorbed, !browser.isWaitingForScan, !browser.isLoading || clock.now - lastFrame > .seconds(1) {
            present(&browser, on: screen)
            lastFrame = clock.now
        }
    }

    /// The next event; while the document is read (interactive only), a tick when the scan has
    /// found something (the document's wake descriptor, watched with `poll(2)`: nothing is
    /// polled while a stream is idle), at most every 50 ms so a fast scan is taken in batches
    /// between keys — longer than ncurses' escape delay (25 ms), or a key sent as an escape
    /// sequence would wait for several ticks — and every 15 ms while a jump waits (the
    /// spinner's pace).
    private static func nextEvent(
        for browser: Browser, from input: InputSource, interactive: Bool, lastTakeIn: ContinuousClock.Instant
    ) -> InputEvent? {
        guard interactive, let loading = browser.loadingDocument else { return input.nextEvent() }
        if browser.isWaitingForScan { return input.nextEvent(within: 15, wakingOn: nil) }
        let left = batchTime - (ContinuousClock.now - lastTakeIn)
        if left > .zero {
            // Keys only, until the batch's time is up; then the scan's news too.
            let event = input.nextEvent(within: Int((left / .milliseconds(1)).rounded(.up)), wakingOn: nil)
            if event != .tick { return event }
        }
        if loading.hasItemsToTakeIn { return .tick }
        return input.nextEvent(within: nil, wakingOn: loading.wakeDescriptor)
    }

    /// The shortest time between two takes of scanned items while keys may come.
    private static let batchTime = Duration.milliseconds(50)

    /// Renders and presents one frame, recording how long laying it out and drawing it took.
    private static func present(_ browser: inout Browser, on screen: TerminalScreen) {
        let clock = ContinuousClock()
        let start = clock.now
        let frame = browser.render()
        browser.recordFrameTime(micros: Int((clock.now - start) / .microseconds(1)))
        screen.present(frame)
    }
}
