#!/usr/bin/env python3
"""Runs a command on a fresh pty, presses keys once it has drawn, and writes every byte it
printed to a file: the raw stream a terminal would receive.

usage: pty_capture.py OUT KEYS -- COMMAND...   (KEYS: characters to type, one every 0.2 s)
"""
import os, pty, select, sys, time

def main():
    out, keys = sys.argv[1], sys.argv[2]
    command = sys.argv[sys.argv.index("--") + 1:]
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.environ["LANG"] = "C.UTF-8"
        os.execvp(command[0], command)
    data = bytearray()
    def drain(seconds):
        end = time.time() + seconds
        while time.time() < end:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(fd, 65536)
                except OSError:
                    return False
                if not chunk:
                    return False
                data.extend(chunk)
        return True
    drain(1.0)
    for key in keys:
        os.write(fd, key.encode())
        if not drain(0.2):
            break
    drain(1.0)
    try:
        os.kill(pid, 15)
    except ProcessLookupError:
        pass
    os.waitpid(pid, 0)
    with open(out, "wb") as f:
        f.write(data)

main()
