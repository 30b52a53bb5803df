"""Reads a task-app trace database with Python's sqlite3 module, running the
kind of queries synth-ai's tracing-v3 readers run (cais events with
call_records, event rewards joined to events, outcome rewards), and prints a
JSON summary for the test to compare with what it wrote.

Usage: python3 check_trace_db.py <synth_ai.db>
"""

import json
import sqlite3
import sys
from collections import defaultdict


def load(value):
    if value is None:
        return None
    try:
        return json.loads(value)
    except (TypeError, ValueError):
        return None


def text_of(parts):
    return "\n".join(p.get("text", "") for p in parts or [] if isinstance(p, dict) and p.get("type") == "text" and p.get("text"))


def main(path):
    db = sqlite3.connect(path)
    db.row_factory = sqlite3.Row
    summary = {"integrity": db.execute("PRAGMA integrity_check").fetchone()[0]}
    summary["journal_mode"] = db.execute("PRAGMA journal_mode").fetchone()[0]
    summary["columns"] = {
        table: [row["name"] for row in db.execute(f"PRAGMA table_info({table})")]
        for table in ("session_traces", "session_timesteps", "events", "messages", "outcome_rewards", "event_rewards")
    }

    models = {}
    for row in db.execute(
        "SELECT session_id, model_name, provider, COUNT(*) AS calls FROM events "
        "WHERE event_type = 'cais' AND model_name IS NOT NULL GROUP BY session_id, model_name, provider"
    ):
        models[row["session_id"]] = {"model": row["model_name"], "provider": row["provider"], "calls": row["calls"]}
    summary["session_models"] = models

    outcomes = {}
    for row in db.execute("SELECT session_id, total_reward, reward_metadata FROM outcome_rewards"):
        meta = load(row["reward_metadata"]) or {}
        outcomes[row["session_id"]] = {"total_reward": float(row["total_reward"]), "achievements": meta.get("achievements") or []}
    summary["outcomes"] = outcomes

    totals = defaultdict(dict)
    for row in db.execute(
        "SELECT session_id, reward_type, COUNT(*) AS n, COALESCE(SUM(reward_value), 0) AS total FROM event_rewards GROUP BY session_id, reward_type"
    ):
        totals[row["session_id"]][row["reward_type"]] = {"events": row["n"], "total": float(row["total"])}
    summary["event_reward_totals"] = totals

    unique = defaultdict(list)
    for row in db.execute(
        "SELECT er.session_id, er.annotation, ev.metadata FROM event_rewards er JOIN events ev ON er.event_id = ev.id "
        "WHERE er.reward_type = 'unique_achievement_delta' AND er.reward_value > 0"
    ):
        turn = (load(row["metadata"]) or {}).get("turn")
        if turn is not None:
            unique[f"{row['session_id']}:{int(turn)}"].extend((load(row["annotation"]) or {}).get("new_unique") or [])
    summary["unique_by_turn"] = unique

    examples = 0
    tool_calls = 0
    images = 0
    for row in db.execute(
        "SELECT id, session_id, metadata, model_name, call_records FROM events "
        "WHERE event_type = 'cais' AND call_records IS NOT NULL ORDER BY session_id, id"
    ):
        for record in load(row["call_records"]) or []:
            prompt = [m for m in record.get("input_messages", []) if text_of(m.get("parts"))]
            images += sum(1 for m in record.get("input_messages", []) for p in m.get("parts") or [] if p.get("type") in ("image", "image_url"))
            calls = record.get("output_tool_calls") or []
            answer = record.get("output_text") or ""
            tool_calls += len(calls)
            if prompt and (answer or calls):
                examples += 1
    summary["sft_examples"] = examples
    summary["tool_calls"] = tool_calls
    summary["image_parts"] = images
    summary["sessions"] = db.execute("SELECT COUNT(*) FROM session_traces").fetchone()[0]
    print(json.dumps(summary))


if __name__ == "__main__":
    main(sys.argv[1])
