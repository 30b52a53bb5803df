"""Pydantic 2 models of RolloutRequest and RolloutResponse (src/schemas/rollout.ts's
shape, as synth-ai's task apps validate them), and a timing loop for
bench/validation.mjs: `model_validate_json` on the same bytes the Node side
measures, interleaved with `json.loads` as Python's own floor.

Usage: python3 bench/python/rollout_model.py DIR ROUND [--check]
DIR holds `<name>.json` documents and `manifest.json` ([{name, kind, iterations}]).
Times one round (the Node side calls it once per round, between its own) and
prints one JSON line: {name: {"pydantic": CPU seconds per op, "json_loads": ...}}.
--check first validates every document.
"""

from __future__ import annotations

import gc
import json
import sys
import time
from pathlib import Path
from typing import Any, Literal, Optional, Union

from pydantic import BaseModel, Field, StrictInt, confloat, conint

Record = dict[str, Any]
NonNegInt = conint(ge=0, le=2**53 - 1, strict=True)
Finite = confloat(allow_inf_nan=False)


class RolloutEnvSpec(BaseModel):
    env_id: Optional[str] = None
    env_name: Optional[str] = None
    config: Record = Field(default_factory=dict)
    seed: Optional[StrictInt] = None


class PolicyConfig(BaseModel, extra="allow"):
    inference_url: Optional[str] = Field(default=None, min_length=1)
    model: Optional[str] = Field(default=None, min_length=1)
    provider: Optional[str] = Field(default=None, min_length=1)
    temperature: Optional[confloat(ge=0, allow_inf_nan=False)] = None
    top_p: Optional[confloat(gt=0, le=1)] = None
    max_tokens: Optional[conint(gt=0, strict=True)] = None
    max_completion_tokens: Optional[conint(gt=0, strict=True)] = None
    max_llm_calls: Optional[conint(gt=0, strict=True)] = None
    use_tools: Optional[bool] = None
    use_vision: Optional[bool] = None
    image_only_mode: Optional[bool] = None
    max_images_per_step: Optional[conint(gt=0, strict=True)] = None
    thinking_mode: Optional[Literal["think", "no_think"]] = None
    thinking_budget: Optional[conint(gt=0, strict=True)] = None


class StructuredConfig(BaseModel):
    schema_: Record = Field(alias="schema")
    schema_name: str = "response"
    strict: bool = True


class RolloutPolicySpec(BaseModel):
    policy_id: Optional[str] = None
    policy_name: Optional[str] = None
    config: PolicyConfig = Field(default_factory=PolicyConfig)
    output_mode: Optional[Literal["tool_calls", "text", "structured"]] = None
    structured_config: Optional[StructuredConfig] = None


class RolloutRecordConfig(BaseModel):
    trajectories: bool = True
    logprobs: bool = False
    value: bool = False
    return_trace: bool = False
    trace_format: Literal["compact", "full", "structured"] = "compact"


class RolloutSafetyConfig(BaseModel):
    max_ops: NonNegInt = 100000
    max_time_s: confloat(gt=0, allow_inf_nan=False) = 3600


class RolloutRequest(BaseModel):
    run_id: str
    env: RolloutEnvSpec
    policy: RolloutPolicySpec
    ops: Union[list[Record], list[str]] = Field(default_factory=list)
    record: RolloutRecordConfig = Field(default_factory=RolloutRecordConfig)
    on_done: str = "reset"
    safety: RolloutSafetyConfig = Field(default_factory=RolloutSafetyConfig)
    training_session_id: Optional[str] = None
    synth_base_url: Optional[str] = None
    mode: Literal["rl", "eval"] = "rl"


class RolloutStep(BaseModel):
    obs: Record
    tool_calls: list[Record]
    reward: Optional[Finite] = None
    done: bool = False
    truncated: Optional[bool] = None
    info: Optional[Record] = None


class RolloutTrajectory(BaseModel):
    env_id: str
    policy_id: str
    steps: list[RolloutStep]
    final: Optional[Record] = None
    length: NonNegInt
    inference_url: str = ""
    decision_samples: Optional[list[Record]] = None


class RolloutMetrics(BaseModel):
    episode_returns: list[Finite]
    mean_return: Finite
    num_steps: NonNegInt
    num_episodes: NonNegInt = 0
    outcome_score: Optional[Finite] = None
    events_score: Optional[Finite] = None
    details: Record = Field(default_factory=dict)


class RolloutResponse(BaseModel):
    run_id: str
    trajectories: list[RolloutTrajectory] = Field(default_factory=list)
    branches: dict[str, list[str]] = Field(default_factory=dict)
    metrics: RolloutMetrics
    aborted: bool = False
    ops_executed: NonNegInt = 0
    trace: Optional[Record] = None
    trace_correlation_id: Optional[str] = None
    pipeline_metadata: Record = Field(default_factory=dict)


MODELS = {"request": RolloutRequest, "response": RolloutResponse}


def time_per_op(fn, data: bytes, iterations: int) -> float:
    gc.collect()
    start = time.process_time()  # CPU time, as the Node side measures
    for _ in range(iterations):
        fn(data)
    return (time.process_time() - start) / iterations


def main() -> None:
    folder, round_index = Path(sys.argv[1]), int(sys.argv[2])
    manifest = json.loads((folder / "manifest.json").read_text())
    docs = {m["name"]: (folder / f"{m['name']}.json").read_bytes() for m in manifest}
    if "--check" in sys.argv:  # every document must be valid, or the timing means nothing
        for m in manifest:
            MODELS[m["kind"]].model_validate_json(docs[m["name"]])
    out: dict[str, dict[str, float]] = {}
    for m in manifest:
        model, data, n = MODELS[m["kind"]], docs[m["name"]], m["iterations"]
        runs = [("pydantic", model.model_validate_json), ("json_loads", json.loads)]
        out[m["name"]] = {label: time_per_op(fn, data, n) for label, fn in (runs if round_index % 2 == 0 else reversed(runs))}
    print(json.dumps(out))


if __name__ == "__main__":
    main()
