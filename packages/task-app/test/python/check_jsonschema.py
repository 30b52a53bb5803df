"""Validates documents against draft-07 JSON Schemas with Python's jsonschema.

Usage: python3 test/python/check_jsonschema.py <corpus.json>
The corpus is {"<id>": {"schema": {...}, "documents": [...]}, ...}; the output
(stdout) is {"<id>": [true, false, ...]}, one verdict per document. Exit 3
when jsonschema is not installed (the calling test reports that clearly).
"""
import json
import sys

try:
    from jsonschema import Draft7Validator
except ImportError as error:  # pragma: no cover - depends on the machine
    print(f"jsonschema is not installed: {error}", file=sys.stderr)
    sys.exit(3)


def main(path: str) -> int:
    with open(path, encoding="utf-8") as handle:
        corpus = json.load(handle)
    verdicts = {}
    for schema_id, entry in corpus.items():
        Draft7Validator.check_schema(entry["schema"])
        validator = Draft7Validator(entry["schema"])
        verdicts[schema_id] = [validator.is_valid(document) for document in entry["documents"]]
    json.dump(verdicts, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
