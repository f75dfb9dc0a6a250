// The parts of ncursesw that Swift needs, including small inline wrappers for the
// macros and globals that the Swift importer cannot see.
#ifndef TSTACK_CNCURSESW_SHIM_H
#define TSTACK_CNCURSESW_SHIM_H

#define NCURSES_WIDECHAR 1
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <fcntl.h>
#include <locale.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>
#include <wchar.h>
#include <errno.h>
#include <ncursesw/ncurses.h>

// MARK: - Geometry and globals

static inline int tstack_rows(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)x; return y; }
static inline int tstack_cols(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)y; return x; }
static inline WINDOW *tstack_stdscr(void) { return stdscr; }

// MARK: - What the terminal can do

#include <ncursesw/term.h>

/// Whether the terminal TERM names is known and can move the cursor (`cup`): a dumb terminal,
/// or an unknown one, cannot show a screen.
static inline int tstack_terminal_addresses_cursor(void) {
    int error = 0;
    if (setupterm(NULL, STDOUT_FILENO, &error) != OK) return 0;
    char *cup = tigetstr("cup");
    int addresses = cup != NULL && cup != (char *)-1;
    del_curterm(cur_term);
    return addresses;
}

// MARK: - Keys

static inline int tstack_key_f(int n) { return KEY_F(n); }

// MARK: - Terminfo
// What tstack draws goes to the terminal as the bytes of its terminfo entry (tstack's own frame
// writer, as less does); ncurses reads keys and sets the terminal's modes.

/// A string capability of the current terminal, or NULL when it has none.
static inline const char *tstack_string_capability(const char *name) {
    char *value = tigetstr(name);
    return (value == NULL || value == (char *)-1) ? NULL : value;
}
/// Whether the current terminal has a boolean capability.
static inline int tstack_flag_capability(const char *name) { return tigetflag(name) > 0; }
/// A capability with one or two numbers filled in (tiparm is variadic: Swift cannot call it).
static inline const char *tstack_format_capability(const char *capability, int first, int second) {
    return tiparm(capability, first, second);
}

// MARK: - Mouse

static inline mmask_t tstack_wheel_mask(void) {
#if NCURSES_MOUSE_VERSION > 1
    return BUTTON4_PRESSED | BUTTON5_PRESSED | BUTTON1_PRESSED | BUTTON1_CLICKED;
#else
    return BUTTON4_PRESSED | BUTTON1_PRESSED | BUTTON1_CLICKED;
#endif
}
/// 1 for wheel up, -1 for wheel down, 2 for a left click, 0 for anything else.
static inline int tstack_mouse_kind(mmask_t state) {
    if (state & BUTTON4_PRESSED) return 1;
#if NCURSES_MOUSE_VERSION > 1
    if (state & BUTTON5_PRESSED) return -1;
#endif
    if (state & (BUTTON1_PRESSED | BUTTON1_CLICKED)) return 2;
    return 0;
}

// MARK: - Signals
// Handlers only record the signal and wake the event loop through a self-pipe; the loop then
// restores the terminal with endwin() and exits 128 + signal.

/* State lives in function-local statics: Swift's importer emits the inline functions that use
   them, whereas a file-level static array in a header may never be defined (a link error seen on
   a clean build). */
static inline volatile sig_atomic_t *tstack_pending_signal(void) {
    static volatile sig_atomic_t pending = 0;
    return &pending;
}

/* A self-pipe: every handler writes a byte to it (write is async-signal-safe), so the event
   loop can sleep in poll(2) with no timeout and still wake for a signal, even one that arrived
   just before it went to sleep. */
static inline int *tstack_signal_pipe(void) {
    static int ends[2] = { -1, -1 };
    return ends;
}

static inline void tstack_wake_event_loop(void) {
    int saved = errno;
    char byte = 1;
    if (tstack_signal_pipe()[1] >= 0) { ssize_t ignored = write(tstack_signal_pipe()[1], &byte, 1); (void)ignored; }
    errno = saved;
}

/// The end of the self-pipe to poll; drain it with tstack_drain_signal_pipe().
static inline int tstack_signal_pipe_reader(void) { return tstack_signal_pipe()[0]; }

static inline void tstack_drain_signal_pipe(void) {
    char buffer[64];
    while (read(tstack_signal_pipe()[0], buffer, sizeof buffer) > 0) {}
}

static void tstack_record_signal(int signo) {
    *tstack_pending_signal() = signo;
    tstack_wake_event_loop();
}

/* SIGWINCH stays ncurses' (it turns it into KEY_RESIZE); ours runs first and wakes the loop. */
static inline struct sigaction *tstack_previous_winch(void) {
    static struct sigaction previous;
    return &previous;
}

static void tstack_on_winch(int signo) {
    tstack_wake_event_loop();
    void (*previous)(int) = tstack_previous_winch()->sa_handler;
    if (!(tstack_previous_winch()->sa_flags & SA_SIGINFO) && previous != SIG_DFL && previous != SIG_IGN) {
        previous(signo);
    }
}

/* SIGCONT: the program was stopped (Ctrl-Z) and goes on. ncurses' own SIGTSTP handler repaints
   its copy of the screen, which is blank (tstack draws its own frames): the loop hears of it and
   draws the whole frame again. */
static inline volatile sig_atomic_t *tstack_continued(void) {
    static volatile sig_atomic_t continued = 0;
    return &continued;
}

static void tstack_on_continue(int signo) {
    (void)signo;
    *tstack_continued() = 1;
    tstack_wake_event_loop();
}

/// Whether the program went on after a stop since the last call.
static inline int tstack_take_continued(void) {
    int continued = *tstack_continued();
    *tstack_continued() = 0;
    return continued;
}

/* On a crash (a trap, abort or fault) restore the terminal first, then let the previous handler
   (Swift's backtracer) run, so its report lands on a sane terminal. endwin() is not
   async-signal-safe; at that point restoring the user's shell is worth the risk. */
static inline struct sigaction *tstack_previous_fatal(void) {
    static struct sigaction previous[NSIG];
    return previous;
}

/* The terminal's descriptor, for the crash handler's reset (-1: none yet). */
static inline int *tstack_terminal_descriptor(void) {
    static int descriptor = -1;
    return &descriptor;
}

static void tstack_restore_on_crash(int signo) {
    /* The frame writer's scroll region and style first (endwin knows nothing of them). */
    int descriptor = *tstack_terminal_descriptor();
    if (descriptor >= 0) {
        static const char reset[] = "\033[r\033[0m\033[?2004l";
        ssize_t ignored = write(descriptor, reset, sizeof reset - 1);
        (void)ignored;
    }
    endwin();
    sigaction(signo, &tstack_previous_fatal()[signo], NULL);
    raise(signo);
}

/* The handler runs on a stack of its own: a stack overflow (a fault in the guard page) leaves
   no room on the thread's stack to run it. Kept when the runtime already set one. */
static inline void tstack_use_alternate_signal_stack(void) {
    static char stack[1 << 16];
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE)) { return; }
    stack_t alternate;
    memset(&alternate, 0, sizeof alternate);
    alternate.ss_sp = stack;
    alternate.ss_size = sizeof stack;
    sigaltstack(&alternate, NULL);
}

static inline void tstack_install_crash_handlers(void) {
    const int fatal[] = { SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE };
    tstack_use_alternate_signal_stack();
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = tstack_restore_on_crash;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND | SA_NODEFER | SA_ONSTACK;
    for (unsigned i = 0; i < sizeof fatal / sizeof fatal[0]; i++) {
        sigaction(fatal[i], &action, &tstack_previous_fatal()[fatal[i]]);
    }
}

/// Installs the handlers; `terminal` is the descriptor of the terminal drawn on (reset on a crash).
static inline void tstack_install_signal_handlers(int terminal) {
    *tstack_terminal_descriptor() = terminal;
    tstack_install_crash_handlers();
    if (tstack_signal_pipe()[0] < 0 && pipe(tstack_signal_pipe()) == 0) {
        for (int i = 0; i < 2; i++) {
            fcntl(tstack_signal_pipe()[i], F_SETFL, fcntl(tstack_signal_pipe()[i], F_GETFL) | O_NONBLOCK);
            fcntl(tstack_signal_pipe()[i], F_SETFD, FD_CLOEXEC);
        }
    }
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = tstack_record_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;
    sigaction(SIGINT, &action, NULL);
    sigaction(SIGTERM, &action, NULL);
    sigaction(SIGHUP, &action, NULL);
    sigaction(SIGQUIT, &action, NULL);
    struct sigaction winch;
    memset(&winch, 0, sizeof winch);
    winch.sa_handler = tstack_on_winch;
    sigemptyset(&winch.sa_mask);
    sigaction(SIGWINCH, &winch, tstack_previous_winch());
    struct sigaction cont;
    memset(&cont, 0, sizeof cont);
    cont.sa_handler = tstack_on_continue;
    sigemptyset(&cont.sa_mask);
    sigaction(SIGCONT, &cont, NULL);
    /* A parent may have started us with these blocked (signal masks are inherited): unblock
       them, or resizes and termination requests would never arrive. */
    sigset_t wanted;
    sigemptyset(&wanted);
    sigaddset(&wanted, SIGINT);
    sigaddset(&wanted, SIGTERM);
    sigaddset(&wanted, SIGHUP);
    sigaddset(&wanted, SIGQUIT);
    sigaddset(&wanted, SIGWINCH);
    sigaddset(&wanted, SIGCONT);
    sigprocmask(SIG_UNBLOCK, &wanted, NULL);
}

/// Whether a termination signal waits to be taken (a peek: it stays pending).
static inline int tstack_signal_is_pending(void) { return *tstack_pending_signal() != 0; }

static inline int tstack_take_pending_signal(void) {
    int signo = *tstack_pending_signal();
    *tstack_pending_signal() = 0;
    return signo;
}

#endif
