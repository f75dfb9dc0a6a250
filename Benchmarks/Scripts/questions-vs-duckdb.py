#!/usr/bin/env python3
"""Questions over a whole file, tstack beside DuckDB in one run: `:freq`, `:describe`, `:where`
and `:sort` against `GROUP BY`, `SUMMARIZE`, `WHERE` and `ORDER BY` over `read_json_auto`; a
search for a rare string and for one the file does not hold against `grep -c`.

    Benchmarks/Scripts/questions-vs-duckdb.py TSTACK [RUNS] [DATA_DIR]

Makes what it needs first: the files (seeded: the same bytes each run) — the log
(`make-search-log.py`), an array of its first million records and a GeoJSON of a gigabyte — in
DATA_DIR (default /tmp/bench/questions), and DuckDB and pyte (the screen, read as a terminal
shows it) from PyPI in a virtual environment of its own (.build-duckdb/, git-ignored), which
the script then runs in. tstack is timed on a pty (120x40) from the Enter that runs the
command — the file opened and read whole first, as a user asks a question of a file on screen —
to its answer on screen, and its peak RSS (VmHWM) read then; DuckDB is timed on its query alone
(an answer of many rows made into a table in its memory, not handed to Python), in a process of
its own per run (its peak RSS from getrusage), `grep -c` as a whole process (its own rusage).
Prints a Markdown table of medians, minimum and maximum. `QUESTIONS=needle,sort` runs only the
questions whose names hold one of those words, `FILES=array` (or `log`, `geo`) one file.
"""
import fcntl, os, pty, random, re, select, signal, statistics, struct, subprocess, sys, termios, time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
VENV = os.path.join(ROOT, ".build-duckdb")


def in_virtual_environment():
    """Runs the script again in its virtual environment, made first if need be."""
    python = os.path.join(VENV, "bin", "python")
    if os.path.abspath(sys.prefix) == VENV:
        return python
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", VENV], check=True)
    subprocess.run([python, "-m", "pip", "install", "-q", "duckdb", "pyte"], check=True)
    os.execv(python, [python] + sys.argv)


def geojson(path, size):
    """A FeatureCollection of about `size` bytes: polygons of eight points, five properties."""
    random.seed(47)
    kinds = ["park", "lake", "forest", "field", "town", "road", "river", "farm"]
    with open(path + ".part", "w") as out:
        out.write('{"type": "FeatureCollection", "features": [\n')
        written, index = 0, 0
        while written < size:
            x, y = random.uniform(-180, 180), random.uniform(-80, 80)
            ring = [[round(x + random.uniform(0, 0.01), 6), round(y + random.uniform(0, 0.01), 6)] for _ in range(7)]
            ring.append(ring[0])
            coordinates = ", ".join(f"[{a}, {b}]" for a, b in ring)
            feature = (("" if index == 0 else ",\n") +
                       f'{{"type": "Feature", "properties": {{"id": {index}, "name": "parcel {index}", '
                       f'"kind": "{random.choice(kinds)}", "pop": {random.randint(0, 1_000_000)}, '
                       f'"area": {round(random.uniform(0, 5000), 2)}}}, '
                       f'"geometry": {{"type": "Polygon", "coordinates": [[{coordinates}]]}}}}')
            out.write(feature)
            written += len(feature)
            index += 1
        out.write("\n]}\n")
    os.rename(path + ".part", path)


def data(directory):
    """The log (1.96 million records of JSON Lines), an array of its first million records, and
    a GeoJSON of a gigabyte."""
    os.makedirs(directory, exist_ok=True)
    log = os.path.join(directory, "log_1960k.jsonl")
    if not os.path.exists(log):
        subprocess.run([sys.executable, os.path.join(HERE, "make-search-log.py"), "1960000", log], check=True)
    array = os.path.join(directory, "array_1m.json")
    if not os.path.exists(array):
        with open(log, "rb") as lines, open(array + ".part", "wb") as out:
            out.write(b"[\n")
            for index, line in enumerate(lines):
                if index == 1_000_000:
                    break
                out.write((b",\n" if index else b"") + line.rstrip(b"\n"))
            out.write(b"\n]\n")
        os.rename(array + ".part", array)
    geo = os.path.join(directory, "geo_1g.json")
    if not os.path.exists(geo):
        geojson(geo, 1_000_000_000)
    return log, array, geo


DUCK = r"""
import duckdb, resource, sys, time
con = duckdb.connect()
con.execute("SET threads TO 2")
con.execute("SET enable_progress_bar = false")
start = time.perf_counter()
if sys.argv[1].startswith("CREATE"):
    # An answer of many rows made in DuckDB's memory, as tstack makes its rows' order (handing
    # millions of rows to Python as tuples would time the conversion, not the query).
    con.execute(sys.argv[1])
    rows = con.execute("SELECT count(*) FROM answer").fetchone()[0]
else:
    rows = len(con.execute(sys.argv[1]).fetchall())
took = time.perf_counter() - start
print(took, resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, rows)
"""


def duckdb_once(python, query):
    out = subprocess.run([python, "-c", DUCK, query], capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), int(out[1]) / 1024


def command_once(command):
    """A peer that is a command (`grep -c`): its wall time and peak RSS, from its own rusage."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    _, _, usage = os.wait4(process.pid, 0)
    return time.perf_counter() - start, usage.ru_maxrss / 1024


def peak_mib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    return 0.0


def tstack_once(binary, path, keys, answer, settle):
    import pyte
    screen = pyte.Screen(120, 40)
    stream = pyte.ByteStream(screen)
    pid, fd = pty.fork()
    if pid == 0:
        os.environ["TERM"] = "xterm-256color"
        os.environ["TSTACK_ANIMATIONS"] = "none"
        fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
        os.execv(binary, [binary, "browse", path, "--view", "table"])

    def read_for(seconds, pattern=None):
        end = time.perf_counter() + seconds
        while time.perf_counter() < end:
            ready, _, _ = select.select([fd], [], [], 0.05)
            if ready:
                try:
                    stream.feed(os.read(fd, 1 << 16))
                except OSError:
                    return None
                if pattern is not None and re.search(pattern, screen.display[-1]):
                    return time.perf_counter()
        return None

    # The file opened, read whole and its grammar checked (8 s for 357 MB), then the question.
    read_for(settle)
    start = time.perf_counter()
    os.write(fd, keys.encode())
    found = read_for(120, answer)
    peak = peak_mib(pid)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    os.close(fd)
    return (found - start if found else None), peak


def summary(values):
    values = [v for v in values if v is not None]
    if not values:
        return "—"
    return f"{statistics.median(values):.2f} s ({min(values):.2f}–{max(values):.2f})"


def main():
    binary = os.path.abspath(sys.argv[1])
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    log, array, geo = data(sys.argv[3] if len(sys.argv) > 3 else "/tmp/bench/questions")
    python = in_virtual_environment()
    only = os.environ.get("QUESTIONS")
    files = os.environ.get("FILES", "log,array,geo").split(",")
    for path, records in [(log, 1_960_000), (array, 1_000_000), (geo, None)]:
        if not any(word in os.path.basename(path) for word in files):
            continue
        print(f"\n{os.path.basename(path)}: {os.path.getsize(path) / 1e6:.0f} MB, {runs} runs each\n")
        print("| question | tstack (Enter to answer) | tstack peak | DuckDB query / grep -c | its peak |")
        print("|---|---:|---:|---:|---:|")
        asked = questions(path, records, searched=path == log) if records else geo_questions(path)
        for name, keys, answer, peer in asked:
            if only and not any(word in name for word in only.split(",")):
                continue
            ours = [tstack_once(binary, path, keys, answer, settle=8) for _ in range(runs)]
            theirs = [command_once(peer) if isinstance(peer, list) else duckdb_once(python, peer) for _ in range(runs)]
            print(f"| `{name}` | {summary([t for t, _ in ours])} | {max(p for _, p in ours):.0f} MiB | "
                  f"{summary([t for t, _ in theirs])} | {max(p for _, p in theirs):.0f} MiB |", flush=True)


def questions(path, records, searched):
    """Each question: its name, the keys typed, the answer on the status line, and the peer's
    query (DuckDB) or command (`grep -c`)."""
    source = f"read_json_auto('{path}')"
    counted = f"counted {records:,}"
    asked = [
        (":freq level", ":freq level\r", counted, f"SELECT level, count(*) c FROM {source} GROUP BY level ORDER BY c DESC"),
        (":freq status, path", ":freq status, path\r", counted,
         f"SELECT status, path, count(*) c FROM {source} GROUP BY ALL ORDER BY c DESC"),
        (":freq latency_ms (bins)", ":freq latency_ms\r", counted,
         f"SELECT floor(latency_ms / 20) * 20 b, count(*) c FROM {source} GROUP BY b ORDER BY b"),
        (":describe", ":describe\r", counted, f"SUMMARIZE SELECT * FROM {source}"),
        (":where status >= 500", ":where status >= 500\r", rf"of {records:,}\)",
         f"CREATE TEMP TABLE answer AS SELECT * FROM {source} WHERE status >= 500"),
        (":sort -latency_ms", ":sort -latency_ms\r", "sorted by",
         f"CREATE TEMP TABLE answer AS SELECT * FROM {source} ORDER BY latency_ms DESC"),
    ]
    if searched:
        # (The one record whose message says `rare-needle`, 50 from the end; a string in no record.)
        asked += [
            ("/rare-needle", "/rare-needle\r", r"item 1,959,951 of", ["grep", "-c", "rare-needle", path]),
            ("/zzzqqq (no match)", "/zzzqqq\r", "no match for", ["grep", "-c", "zzzqqq", path]),
        ]
    return asked


def geo_questions(path):
    """The GeoJSON's questions: its features as a table (the whole collection is one object to
    DuckDB, read with room for it)."""
    features = f"(SELECT unnest(features) AS f FROM read_json_auto('{path}', maximum_object_size = 2000000000))"
    return [
        (":freq properties.kind", ":freq properties.kind\r", r"counted [\d,]+ ",
         f"SELECT f.properties.kind k, count(*) c FROM {features} GROUP BY k ORDER BY c DESC"),
        (":where properties.pop >= 990000", ":where properties.pop >= 990000\r", r"of [\d,]+\)",
         f"CREATE TEMP TABLE answer AS SELECT f.* FROM {features} WHERE f.properties.pop >= 990000"),
        (":sort -properties.pop", ":sort -properties.pop\r", "sorted by",
         f"CREATE TEMP TABLE answer AS SELECT f.* FROM {features} ORDER BY f.properties.pop DESC"),
    ]


if __name__ == "__main__":
    main()
