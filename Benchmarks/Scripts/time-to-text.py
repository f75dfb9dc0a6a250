#!/usr/bin/env python3
"""How long `tstack browse FILE` takes on a pty (120x40) until TEXT is on screen: the time to
the first useful screen of a big file (a GeoJSON's first feature), start-up included.

    Benchmarks/Scripts/time-to-text.py BINARY FILE TEXT RUNS [BROWSE OPTIONS...]

Options after RUNS go to `browse` (`--view table`). Prints each run's time and their median. The viewer is killed once TEXT shows (or after 30 s).
"""
import fcntl, os, pty, select, signal, statistics, struct, sys, termios, time


def once(binary, path, text, options):
    start = time.perf_counter()
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.environ["TSTACK_ANIMATIONS"] = "none"
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        os.execv(binary, [binary, "browse", path] + options)
    shown, found = b"", None
    while time.perf_counter() - start < 30:
        ready, _, _ = select.select([fd], [], [], 0.5)
        if not ready:
            continue
        try:
            shown += os.read(fd, 65536)
        except OSError:
            break
        if text in shown:
            found = time.perf_counter() - start
            break
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(fd)
    return found


def main():
    binary, path, text, runs = sys.argv[1], sys.argv[2], sys.argv[3].encode(), int(sys.argv[4])
    times = [once(binary, path, text, sys.argv[5:]) for _ in range(runs)]
    shown = [t for t in times if t is not None]
    print(" ".join("%.1f ms" % (t * 1000) if t is not None else "never" for t in times))
    if shown:
        print("median %.1f ms" % (statistics.median(shown) * 1000))


if __name__ == "__main__":
    main()
