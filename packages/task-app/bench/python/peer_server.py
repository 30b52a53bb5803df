"""The Python servers bench/peer.mjs sets beside `task-app serve`, on uvicorn.

  synth-ai  FastAPI with the route synth-ai's task app server runs (restated
            from synth_ai/task/server.py, CONTRACT.md section 2): the API key
            checked from X-API-Key, the body validated into RolloutRequest by
            FastAPI, the executor called, and its mapping validated into
            RolloutResponse and dumped again (unknown keys dropped) before
            FastAPI encodes it. Debian's python3-fastapi / python3-uvicorn /
            python3-pydantic (1.10) under /usr/bin/python3.
  lean      a bare ASGI app on uvicorn with pydantic 2 (pydantic-core): the
            same key check, `RolloutRequest.model_validate_json` on the body,
            `RolloutResponse.model_validate` on the executor's mapping and
            `model_dump_json`: validate JSON, dump JSON, nothing else.

Both answer what bench/server-app.mjs answers: the prebuilt response of the
size the request names (read from DIR/<size>.json), with its run id.
Usage: python3 peer_server.py synth-ai|lean DIR PORT KEY
"""

from __future__ import annotations

import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from rollout_model import RolloutRequest, RolloutResponse  # noqa: E402

kind, directory, port, key = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
RESPONSES = {name[:-5]: json.load(open(os.path.join(directory, name))) for name in os.listdir(directory) if name.endswith(".json")}


def execute(request: RolloutRequest) -> dict:
    size = (request.env.config or {}).get("size", "1kb")
    return {**RESPONSES[size], "run_id": request.run_id}


if kind == "synth-ai":
    from fastapi import FastAPI, Header, HTTPException, Request

    app = FastAPI()

    def check_key(x_api_key: str | None) -> None:
        if x_api_key != key:
            raise HTTPException(status_code=401, detail={"error": {"code": "unauthorised", "message": "API key missing or invalid"}})

    @app.post("/rollout")
    async def rollout(rollout_request: RolloutRequest, request: Request, x_api_key: str | None = Header(default=None)):
        check_key(x_api_key)
        result = execute(rollout_request)
        # synth-ai: a mapping that validates is re-dumped (unknown keys dropped).
        validated = RolloutResponse.model_validate(result) if hasattr(RolloutResponse, "model_validate") else RolloutResponse.parse_obj(result)
        return validated.model_dump() if hasattr(validated, "model_dump") else validated.dict()

else:

    async def app(scope, receive, send):
        if scope["type"] != "http":
            return
        headers = dict(scope["headers"])
        chunks = []
        while True:
            message = await receive()
            chunks.append(message.get("body", b""))
            if not message.get("more_body"):
                break
        if headers.get(b"x-api-key") != key.encode():
            status, body = 401, b'{"error":{"code":"unauthorised","message":"API key missing or invalid"}}'
        else:
            try:
                request = RolloutRequest.model_validate_json(b"".join(chunks))
                status, body = 200, RolloutResponse.model_validate(execute(request)).model_dump_json().encode()
            except ValueError as error:
                status, body = 422, json.dumps({"error": {"code": "invalid_request", "message": str(error)[:200]}}).encode()
        await send({"type": "http.response.start", "status": status, "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
        await send({"type": "http.response.body", "body": body})


if __name__ == "__main__":
    try:
        import uvicorn
    except ImportError:
        # pydantic 2 lives in this Python; uvicorn (pure Python) may be only Debian's: appended, so it never shadows pydantic.
        sys.path.append("/usr/lib/python3/dist-packages")
        import uvicorn

    uvicorn.run(app, host="127.0.0.1", port=port, log_level="warning", access_log=False)
