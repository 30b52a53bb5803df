"""Validates an OpenAPI 3.1 document with openapi-spec-validator.

Usage: python3 test/python/check_openapi.py <openapi.json>
Exit 0 when valid, 1 with the error on stderr when not, 3 when the
validator is not installed (the calling test reports that clearly).
"""
import json
import sys

try:
    from openapi_spec_validator import validate
    from openapi_spec_validator.versions.shortcuts import get_spec_version
except ImportError as error:  # pragma: no cover - depends on the machine
    print(f"openapi-spec-validator is not installed: {error}", file=sys.stderr)
    sys.exit(3)


def main(path: str) -> int:
    with open(path, encoding="utf-8") as handle:
        document = json.load(handle)
    try:
        validate(document)
    except Exception as error:  # the validator raises several error types
        print(f"{type(error).__name__}: {error}", file=sys.stderr)
        return 1
    print(f"valid {get_spec_version(document)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
