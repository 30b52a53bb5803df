"""Validates rollout bodies of both wires against restated synth-ai pydantic models.

The 0.2.x models restate CONTRACT.md section 5 (0.2.13 and the later
trajectories-with-inference_url generation); the container-era models restate
synth-ai's sdk/container/_impl/contracts.py with data/artifacts.py and
data/coding_agent_context.py. Reads {"cases": [{"name", "wire", "request",
"response"}]} on stdin; prints "ok <n>" or exits 1 naming the first failure.
"""

import json
import sys
from enum import Enum
from typing import Any, Dict, List, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator


# --- 0.2.x (CONTRACT.md 5.1, 5.2) ---
class Env(BaseModel):
    env_id: str | None = None
    env_name: str | None = None
    config: dict[str, Any] = {}
    seed: int | None = None


class Pol(BaseModel):
    policy_id: str | None = None
    policy_name: str | None = None
    config: dict[str, Any] = {}


class Rec(BaseModel):
    trajectories: bool = True
    logprobs: bool = False
    value: bool = False
    return_trace: bool = False
    trace_format: Literal["compact", "full", "structured"] = "compact"


class Req(BaseModel):
    run_id: str
    env: Env
    policy: Pol
    ops: list[dict[str, Any]] | list[str]
    record: Rec = Rec()
    on_done: str = "reset"


class Step(BaseModel):
    obs: dict[str, Any]
    tool_calls: list[dict[str, Any]]
    reward: float | None = None
    done: bool = False


class Traj(BaseModel):
    env_id: str
    policy_id: str
    steps: list[Step]
    final: dict[str, Any] | None = None
    length: int


class LaterTraj(Traj):
    inference_url: str


class Metrics(BaseModel):
    episode_returns: list[float]
    mean_return: float
    num_steps: int
    num_episodes: int = 0
    outcome_score: float | None = None
    events_score: float | None = None
    details: dict[str, Any] = {}


class Resp(BaseModel):
    run_id: str
    trajectories: list[Traj]
    branches: dict[str, list[str]] = {}
    metrics: Metrics
    aborted: bool = False
    ops_executed: int = 0
    trace: dict[str, Any] | None = None


class LaterResp(Resp):
    trajectories: list[LaterTraj]
    trace_correlation_id: str | None = None
    pipeline_metadata: dict[str, Any] = {}


# --- container era (contracts.py and its data models) ---
def _non_empty(value: str) -> str:
    if not value.strip():
        raise ValueError("trace_correlation_id must be a non-empty string.")
    return value.strip()


class OutputMode(str, Enum):
    TOOL_CALLS = "tool_calls"
    TEXT = "text"
    STRUCTURED = "structured"


class SuccessStatus(str, Enum):
    SUCCESS = "success"
    TIMEOUT = "timeout"
    NETWORK_ERROR = "network_error"
    APPLY_FAILED = "apply_failed"
    RUNTIME_ERROR = "runtime_error"
    FAILURE = "failure"


class Structured(BaseModel):
    model_config = ConfigDict(populate_by_name=True)
    schema_: dict[str, Any] = Field(..., alias="schema")
    schema_name: str = "response"
    strict: bool = True


class CEnv(BaseModel):
    env_id: str | None = None
    env_name: str | None = None
    config: dict[str, Any] = Field(default_factory=dict)
    seed: int | None = None


class CPol(BaseModel):
    policy_id: str | None = None
    policy_name: str | None = None
    config: dict[str, Any] = Field(default_factory=dict)
    output_mode: OutputMode = OutputMode.TOOL_CALLS
    structured_config: Structured | None = None


class CSafety(BaseModel):
    max_time_s: int = 3600


class ContextOverride(BaseModel):
    file_artifacts: Dict[str, str] = Field(default_factory=dict)
    preflight_script: Optional[str] = None
    env_vars: Dict[str, str] = Field(default_factory=dict)
    mutation_type: Optional[str] = None
    created_at: Optional[str] = None
    override_id: Optional[str] = None


class ApplicationStatus(str, Enum):
    APPLIED = "applied"
    PARTIAL = "partial"
    FAILED = "failed"
    SKIPPED = "skipped"


class ApplicationErrorType(str, Enum):
    VALIDATION = "validation"
    PATH_TRAVERSAL = "path_traversal"
    PERMISSION = "permission"
    SIZE_LIMIT = "size_limit"
    TIMEOUT = "timeout"
    RUNTIME = "runtime"
    NOT_FOUND = "not_found"


class OverrideError(BaseModel):
    error_type: ApplicationErrorType
    message: str
    target: Optional[str] = None
    details: Dict[str, Any] = Field(default_factory=dict)


class ContextOverrideStatus(BaseModel):
    override_id: Optional[str] = None
    overall_status: ApplicationStatus = ApplicationStatus.APPLIED
    errors: list[OverrideError] = Field(default_factory=list)
    file_artifacts: Dict[str, Dict[str, Any]] = Field(default_factory=dict)
    preflight_script: Optional[Dict[str, Any]] = None
    env_vars: Dict[str, Dict[str, Any]] = Field(default_factory=dict)


class CReq(BaseModel):
    model_config = ConfigDict(populate_by_name=True)
    trace_correlation_id: str
    env: CEnv
    policy: CPol
    on_done: str = "reset"
    safety: CSafety = CSafety()
    training_session_id: str | None = None
    synth_base_url: str | None = None
    context_overrides: list[ContextOverride] | None = None
    override_bundle_id: str | None = None

    _tcid = field_validator("trace_correlation_id")(classmethod(lambda cls, v: _non_empty(v)))


class RewardInfo(BaseModel):
    outcome_reward: float
    event_rewards: list[float] | None = None
    outcome_objectives: Optional[Dict[str, float]] = None
    event_objectives: Optional[List[Dict[str, float]]] = None
    instance_objectives: Optional[List[Dict[str, float]]] = None
    details: dict[str, Any] = Field(default_factory=dict)


class Artifact(BaseModel):
    content: str | Dict[str, Any]
    content_type: Optional[str] = None
    metadata: Dict[str, Any] = Field(default_factory=dict)
    artifact_id: Optional[str] = None
    trace_correlation_id: Optional[str] = None
    size_bytes: Optional[int] = None
    sha256: Optional[str] = None
    storage: Optional[Dict[str, Any]] = None
    created_at: Optional[str] = None


class CResp(BaseModel):
    model_config = ConfigDict(populate_by_name=True)
    trace_correlation_id: str
    reward_info: RewardInfo = Field(..., validation_alias="metrics")
    trace: dict[str, Any] | None = None
    inference_url: str | None = None
    artifact: Optional[List[Artifact]] = None
    success_status: Optional[SuccessStatus] = None
    status_detail: Optional[str] = None
    override_application_results: list[ContextOverrideStatus] | None = None

    _tcid = field_validator("trace_correlation_id")(classmethod(lambda cls, v: _non_empty(v)))


MODELS = {"0.2": [(Req, "request"), (Resp, "response"), (LaterResp, "response")], "container": [(CReq, "request"), (CResp, "response")]}
FORBIDDEN = {"0.2": ["reward_info", "success_status", "artifact"], "container": ["metrics", "run_id", "ops"]}

cases = json.load(sys.stdin)["cases"]
for case in cases:
    for model, key in MODELS[case["wire"]]:
        try:
            model.model_validate(case[key])
        except ValidationError as error:
            print(f"{case['name']}: {model.__name__} refuses the {key}: {error}", file=sys.stderr)
            sys.exit(1)
    for key in FORBIDDEN[case["wire"]]:
        if key in case["response"]:
            print(f"{case['name']}: the {case['wire']} response carries {key}", file=sys.stderr)
            sys.exit(1)
    if case["wire"] == "container":
        answer = CResp.model_validate(case["response"])
        if answer.trace_correlation_id != CReq.model_validate(case["request"]).trace_correlation_id:
            print(f"{case['name']}: trace_correlation_id not echoed", file=sys.stderr)
            sys.exit(1)
print(f"ok {len(cases)}")
