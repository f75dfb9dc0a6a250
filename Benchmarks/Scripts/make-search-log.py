#!/usr/bin/env python3
"""A JSON Lines log for the search benchmarks: `make-search-log.py COUNT FILE`.

Each record: ts, level (80% info, 15% warn, 5% error), msg, path, status, latency_ms, user.name
and user.id. Every 1,000th user.name is "café" (written ASCII-escaped, as json.dumps writes it:
"caf\\u00e9"); the record 50 before the end says "rare-needle". Seeded: the same file each run.
"""
import json
import random
import sys

random.seed(7)
count, path = int(sys.argv[1]), sys.argv[2]
levels = ["info"] * 80 + ["warn"] * 15 + ["error"] * 5
paths = ["/api/users", "/api/orders", "/health", "/static/app.js", "/api/search"]
with open(path, "w") as out:
    for i in range(count):
        msg = f"request {i} handled" if i != count - 50 else f"request {i} rare-needle"
        record = {
            "ts": f"2026-11-28T{i // 3600 % 24:02d}:{i // 60 % 60:02d}:{i % 60:02d}Z",
            "level": random.choice(levels),
            "msg": msg,
            "path": random.choice(paths),
            "status": random.choice([200] * 9 + [404, 500]),
            "latency_ms": round(random.random() * 300, 2),
            "user": {"name": "café" if i % 1000 == 0 else f"user{i % 5000}", "id": i % 5000},
        }
        out.write(json.dumps(record) + "\n")
