"""The OpenEnv-style peer of bench:openenv-step: the counter environment (bench/openenv-app.mjs)
served the way OpenEnv's server serves an environment, restated from its public server code
(openenv.core.env_server: a FastAPI app, pydantic models for the action, the observation and the
state, one environment instance per WebSocket at /ws, JSON messages {"type": "reset" | "step" |
"state" | "close", "data": ...} answered with {"type": "observation", "data": {observation, reward,
done}}), on Debian's python3-fastapi, python3-uvicorn and python3-websockets. Mounted at
/openenv/ws so the bench's client speaks to every server alike. Run: python3 openenv_peer.py PORT
"""
import json
import sys
from typing import Any, Dict, Literal, Optional

import uvicorn
from fastapi import FastAPI, WebSocket, WebSocketDisconnect
from pydantic import BaseModel, Field, ValidationError


class AddArgs(BaseModel):
    n: int = Field(ge=1, le=3)


class Action(BaseModel):
    tool: Literal["add"]
    args: AddArgs


class Observation(BaseModel):
    observation: str
    metadata: Dict[str, Any] = {}


class StepResult(BaseModel):
    observation: Observation
    reward: Optional[float] = None
    done: bool = False


class CounterEnvironment:
    def __init__(self) -> None:
        self.total = 0
        self.calls = 0

    def reset(self, seed: int) -> StepResult:
        self.total, self.calls = seed, 0
        return StepResult(observation=Observation(observation=f"total={self.total}", metadata={"seed": seed}))

    def step(self, action: Action) -> StepResult:
        n = action.args.n
        self.total += n
        self.calls += 1
        metadata = {"tool": "add", "result": {"total": self.total}, "info": {"added": n}}
        return StepResult(observation=Observation(observation=f"total={self.total}", metadata=metadata), reward=n, done=False)


app = FastAPI()


@app.websocket("/openenv/ws")
async def session(ws: WebSocket) -> None:
    await ws.accept()
    env = CounterEnvironment()
    try:
        while True:
            raw = await ws.receive_text()
            try:
                message = json.loads(raw)
            except json.JSONDecodeError:
                await ws.send_text(json.dumps({"type": "error", "data": {"message": "invalid JSON", "code": "INVALID_JSON"}}))
                continue
            kind, data = message.get("type"), message.get("data") or {}
            try:
                if kind == "reset":
                    result = env.reset(int(data.get("seed", 0)))
                elif kind == "step":
                    result = env.step(Action.parse_obj(data))
                else:
                    await ws.send_text(json.dumps({"type": "error", "data": {"message": f"unknown type {kind}", "code": "UNKNOWN_TYPE"}}))
                    continue
            except ValidationError as error:
                await ws.send_text(json.dumps({"type": "error", "data": {"message": str(error), "code": "VALIDATION_ERROR"}}))
                continue
            await ws.send_text(json.dumps({"type": "observation", "data": result.dict()}))
    except WebSocketDisconnect:
        return


if __name__ == "__main__":
    uvicorn.run(app, host="127.0.0.1", port=int(sys.argv[1]), log_level="warning", ws="websockets")
