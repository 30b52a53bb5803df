"""The cost of SQLite itself for a trace store's rows: every row of the
tracing-v3 tables of the database given is inserted again, by Python's
sqlite3 (the C library's own loop, the rows already built, so no row
building and almost no binding cost), into a new file with the same schema
and the pragmas the store uses (WAL, synchronous NORMAL, foreign keys on),
BATCH sessions per transaction (default 32; give the store's own batching:
1 where it commits each session alone, as at concurrency 1). Prints one JSON
line: CPU microseconds per session (median of the passes), sessions, rows
per session, the batch, the SQLite version.

Usage: python3 sqlite_floor.py <synth_ai.db> [passes] [batch]
"""
import json
import os
import sqlite3
import sys
import tempfile
import time

BATCH = 32


def main(path: str, passes: int, batch_size: int = BATCH) -> None:
    source = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    schema = [sql for (sql,) in source.execute("SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%' ORDER BY rowid")]
    # The tables a session has rows in, in the order the store created them (parents before the tables that refer to them).
    tables = [name for (name,) in source.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY rowid")]
    columns = {t: [c[1] for c in source.execute(f'PRAGMA table_info("{t}")')] for t in tables}
    session_tables = [t for t in tables if "session_id" in columns[t]]
    by_session = {t: {} for t in session_tables}
    for t in session_tables:
        at = columns[t].index("session_id")
        for row in source.execute(f'SELECT * FROM "{t}" ORDER BY rowid'):
            by_session[t].setdefault(row[at], []).append(row)
    sessions = list(by_session["session_traces"])
    rows = sum(len(r) for t in session_tables for r in by_session[t].values())
    inserts = {t: f'INSERT INTO "{t}" ({", ".join(columns[t])}) VALUES ({", ".join("?" * len(columns[t]))})' for t in session_tables}
    batches = [[[r for s in sessions[i : i + batch_size] for r in by_session[t].get(s, [])] for t in session_tables] for i in range(0, len(sessions), batch_size)]
    costs = []
    with tempfile.TemporaryDirectory() as scratch:
        for n in range(passes):
            target = sqlite3.connect(os.path.join(scratch, f"floor-{n}.db"), isolation_level=None)
            for pragma in ("journal_mode = WAL", "synchronous = NORMAL", "foreign_keys = ON"):
                target.execute(f"PRAGMA {pragma}")
            for sql in schema:
                target.execute(sql)
            started = time.process_time()
            for batch in batches:
                target.execute("BEGIN IMMEDIATE")
                for table, table_rows in zip(session_tables, batch):
                    target.executemany(inserts[table], table_rows)
                target.execute("COMMIT")
            costs.append((time.process_time() - started) / len(sessions) * 1e6)
            target.close()
    costs.sort()
    print(json.dumps({"cpu_us_per_session": costs[len(costs) // 2], "sessions": len(sessions), "rows_per_session": rows / len(sessions), "batch": batch_size, "sqlite": sqlite3.sqlite_version}))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 3, int(sys.argv[3]) if len(sys.argv) > 3 else BATCH)
