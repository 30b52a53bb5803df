"""An oracle of synth-ai's config checks, written for task-app's differential test.

Pydantic 2 models restated from CONTRACT.md §11-13 (the 0.2.13 RLConfig and SFTConfig,
extra keys allowed, lax coercion), the 0.2.13 builders (algorithm allow-list, task URL,
model catalog with experimental gating, no fine-tuned ids for SFT) and, for [policy]-era RL
configs, the later models and CLI validator. Era: a config with [model] is read by the 0.2.13
models (a [policy] beside it is an untyped extra); one with [policy] only by the later ones.
The model validators test Python truthiness, unstripped (a blank "  " id is set), as synth-ai's do. It reads JSON from stdin: {"dataset": path, "documents": [{"id", "kind", "toml"}]}
and prints {"results": [{"id", "accept", "reasons": [...], "model": ..., "base_model": ...}]}.
Reasons are short category codes, so disagreements can be counted by kind.
"""
from __future__ import annotations

import json
import os
import sys
import tomllib
from typing import Any, Optional

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator


class Extra(BaseModel):
    model_config = ConfigDict(extra="allow")


class Algorithm(Extra):
    type: str
    method: str
    variety: str


class Services(Extra):
    task_url: str
    judge_url: Optional[str] = None


class Compute(Extra):
    gpu_type: str
    gpu_count: int
    nodes: Optional[int] = None


class ModelSection(Extra):
    source: Optional[str] = None
    base: Optional[str] = None
    trainer_mode: str
    label: str

    @model_validator(mode="after")
    def _one_model(self):
        if bool(self.source) == bool(self.base):
            raise ValueError("exactly one of source or base")
        return self


class PolicySection(Extra):
    model_name: Optional[str] = None
    source: Optional[str] = None
    trainer_mode: str
    label: str
    max_tokens: int = 512
    temperature: float = 0.7
    top_p: float = 0.95
    top_k: Optional[int] = None
    repetition_penalty: float = 1.0
    inference_url: Optional[str] = None

    @model_validator(mode="after")
    def _one_model(self):
        if not (bool(self.model_name) ^ bool(self.source)):
            raise ValueError("exactly one of model_name or source")
        return self


class Rollout(Extra):
    env_name: str
    policy_name: str
    env_config: Optional[dict[str, Any]] = None
    policy_config: Optional[dict[str, Any]] = None
    max_turns: int
    episodes_per_batch: int
    max_concurrent_rollouts: int
    batches_per_step: Optional[int] = None
    ops: Optional[list[str]] = None


class Evaluation(Extra):
    instances: int
    every_n_iters: int
    seeds: list[int]


class WeightSync(Extra):
    enable: Optional[bool] = None
    targets: Optional[list[str]] = None
    mode: Optional[str] = None
    direct: Optional[bool] = None
    verify_every_k: Optional[int] = None


class Training(Extra):
    num_epochs: int
    iterations_per_epoch: int
    gradient_accumulation_steps: Optional[int] = None
    max_accumulated_minibatch: Optional[int] = None
    max_turns: int
    batch_size: int
    group_size: int
    learning_rate: float
    log_interval: Optional[int] = None
    weight_sync_interval: Optional[int] = None
    step_rewards_enabled: Optional[bool] = None
    step_rewards_mode: Optional[str] = None
    step_rewards_indicator_lambda: Optional[float] = None
    step_rewards_beta: Optional[float] = None
    step_rewards_strategy: Optional[str] = None
    event_rewards_kind: Optional[str] = None
    weight_sync: Optional[WeightSync] = None


class Topology(Extra):
    type: Optional[str] = None
    gpus_for_vllm: Optional[int] = None
    gpus_for_training: Optional[int] = None
    gpus_for_ref: Optional[int] = None
    tensor_parallel: Optional[int] = None
    reference_placement: Optional[str] = None


class LaterCompute(Compute):
    topology: Optional[Topology] = None


class Lora(Extra):
    r: Optional[int] = None
    alpha: Optional[int] = None
    dropout: Optional[float] = None
    target_modules: Optional[list[str]] = None


class Rewards(Extra):
    step_rewards_enabled: Optional[bool] = None
    step_rewards_mode: Optional[str] = None
    step_rewards_indicator_lambda: Optional[float] = None
    step_rewards_beta: Optional[float] = None
    step_rewards_strategy: Optional[str] = None
    event_rewards_kind: Optional[str] = None


class LaterTraining(Training):
    lora: Optional[Lora] = None
    rewards: Optional[Rewards] = None


class JudgeOptions(Extra):
    event: Optional[bool] = None
    outcome: Optional[bool] = None
    provider: Optional[str] = None
    model: Optional[str] = None
    rubric_id: Optional[str] = None
    rubric_overrides: Optional[dict[str, Any]] = None
    tracks: Optional[list[str]] = None
    weights: Optional[dict[str, float]] = None
    max_concurrency: Optional[int] = None


class Judge(Extra):
    type: Optional[str] = None
    timeout_s: Optional[int] = None
    options: Optional[JudgeOptions] = None


class RubricSection(Extra):
    enabled: bool = False
    reward_blend: Optional[dict[str, float]] = None


class LaterJudge(Judge):
    enabled: Optional[bool] = None
    reward_blend: Optional[dict[str, float]] = None
    rubric: Optional[RubricSection] = None


class Smoke(Extra):
    max_steps: Optional[int] = None
    mock_port: Optional[int] = None
    return_trace: Optional[bool] = None
    use_mock: Optional[bool] = None
    task_app_port: Optional[int] = None
    task_app_force: Optional[bool] = None
    sqld_auto_start: Optional[bool] = None
    sqld_hrana_port: Optional[int] = None
    sqld_http_port: Optional[int] = None


class RLConfig(Extra):
    """The 0.2.13 model: [policy] is an untyped extra."""
    algorithm: Algorithm
    services: Services
    compute: Optional[Compute] = None
    topology: Optional[dict[str, Any]] = None
    vllm: Optional[dict[str, Any]] = None
    reference: Optional[dict[str, Any]] = None
    model: Optional[ModelSection] = None
    lora: Optional[dict[str, Any]] = None
    rollout: Optional[Rollout] = None
    evaluation: Optional[Evaluation] = None
    training: Optional[Training] = None
    rubric: Optional[dict[str, Any]] = None
    judge: Optional[Judge] = None
    tags: Optional[dict[str, Any]] = None


class LaterRLConfig(RLConfig):
    """The later model, for configs with [policy] and no [model]."""
    compute: Optional[LaterCompute] = None
    policy: Optional[PolicySection] = None
    training: Optional[LaterTraining] = None
    judge: Optional[LaterJudge] = None
    smoke: Optional[Smoke] = None


class Job(Extra):
    model: str
    data: Optional[str] = None
    data_path: Optional[str] = None
    poll_seconds: Optional[int] = None


class Hyperparameters(Extra):
    n_epochs: int = 1
    batch_size: Optional[int] = None
    global_batch: Optional[int] = None
    per_device_batch: Optional[int] = None
    gradient_accumulation_steps: Optional[int] = None
    sequence_length: Optional[int] = None
    learning_rate: Optional[float] = None
    warmup_ratio: Optional[float] = None
    weight_decay: Optional[float] = None
    train_kind: Optional[str] = None
    parallelism: Optional[dict[str, Any]] = None


class SFTConfig(Extra):
    algorithm: Optional[Algorithm] = None
    job: Job
    compute: Optional[Compute] = None
    data: Optional[dict[str, Any]] = None
    training: Optional[dict[str, Any]] = None
    hyperparameters: Hyperparameters = Hyperparameters()
    tags: Optional[dict[str, Any]] = None


# The model catalog (supported.py): base ids, training modes, experimental ids.
QWEN3 = [f"Qwen/Qwen3-{s}" for s in ["0.6B", "1.7B", "4B", "8B", "14B", "30B-A3B", "32B", "4B-2507"]]
QWEN3_2507 = [f"Qwen/Qwen3-{s}-{k}-2507{q}" for s in ["4B", "30B-A3B", "235B-A22B"] for k in ["Instruct", "Thinking"] for q in ["", "-FP8"]]
CODER = [f"Qwen/Qwen3-Coder-{s}-Instruct{q}" for s in ["30B-A3B", "480B-A35B"] for q in ["", "-FP8"]]
VL = [f"Qwen/Qwen3-VL-{s}-{k}" for s in ["2B", "4B", "8B", "30B-A3B", "32B", "235B-A22B"] for k in ["Instruct", "Thinking"]]
RL_MODELS = {m for m in QWEN3 if m != "Qwen/Qwen3-32B"} | {m for m in QWEN3_2507 if "235B" not in m} | {m for m in CODER if "30B" in m} | {m for m in VL if any(f"-VL-{s}-" in m for s in ["2B", "4B", "8B"])}
EXPERIMENTAL = {m for m in QWEN3_2507 if "235B" in m or "Thinking" in m} | {m for m in CODER if "480B" in m}
LOOKUP = {m.lower(): m for m in QWEN3 + QWEN3_2507 + CODER + VL}


def catalog_base(model_id: str) -> Optional[str]:
    cleaned = model_id.strip()
    if cleaned.lower() in LOOKUP:
        return LOOKUP[cleaned.lower()]
    for segment in cleaned.split(":")[1:]:
        if segment.strip().lower() in LOOKUP:
            return LOOKUP[segment.strip().lower()]
    return None


def normalize(model_id: str) -> str:
    cleaned = model_id.strip()
    return LOOKUP.get(cleaned.lower(), cleaned)


def check_model(model_id: str, mode: str) -> list[str]:
    base = catalog_base(model_id)
    if mode == "sft" and base is not None and model_id.strip().lower() not in LOOKUP:
        return ["model_finetuned_sft"]
    if base is None:
        return ["model_unknown"]
    if mode == "rl" and base not in RL_MODELS:
        return ["model_mode"]
    if base in EXPERIMENTAL and os.environ.get("SDK_EXPERIMENTAL") != "1":
        return ["model_experimental"]
    return []


def pydantic_reasons(exc: ValidationError) -> list[str]:
    return sorted({"pydantic:" + ".".join(str(p) for p in e["loc"] if not isinstance(p, int)) for e in exc.errors()})


def truthy(value: Any) -> bool:
    if isinstance(value, str):
        return value.lower() in ("true", "1", "yes", "on")
    return bool(value)


def later_cli(doc: dict[str, Any]) -> list[str]:
    """The later CLI validator's rules for [policy]-era configs (CONTRACT.md §11.3 ◆)."""
    reasons = []
    algorithm = doc.get("algorithm") or {}
    if algorithm.get("type") not in ("online", None):
        reasons.append("later:algorithm_type")
    rollout = doc.get("rollout") or {}
    flags = [rollout.get("rubric_rewards_only") is not None and truthy(rollout.get("rubric_rewards_only")),
             rollout.get("task_app_origin_rewards_only") is not None and truthy(rollout.get("task_app_origin_rewards_only"))]
    if sum(flags) != 1:
        reasons.append("later:rewards_only")
    compute = doc.get("compute") or {}
    topology = doc.get("topology") or (compute.get("topology") if isinstance(compute, dict) else None)
    if not topology:
        reasons.append("later:topology")
    training = doc.get("training")
    if isinstance(training, dict) and training:
        for key in ("log_interval", "weight_sync_interval"):
            if key not in training:
                reasons.append("later:training_" + key)
        sync = training.get("weight_sync")
        if isinstance(sync, dict) and (not sync.get("enable") or "policy" not in (sync.get("targets") or [])):
            reasons.append("later:weight_sync")
    judge = doc.get("judge")
    if isinstance(judge, dict) and judge:
        options = judge.get("options")
        if not isinstance(options, dict) or not options:
            reasons.append("later:judge_options")
        else:
            if options.get("provider") not in ("openai", "groq", "gemini"):
                reasons.append("later:judge_provider")
            if not str(options.get("model") or "").strip():
                reasons.append("later:judge_model")
    return reasons


def check_rl(doc: dict[str, Any]) -> dict[str, Any]:
    policy_era = "policy" in doc and "model" not in doc
    reasons = later_cli(doc) if policy_era else []
    try:
        config = (LaterRLConfig if policy_era else RLConfig).model_validate(doc)
    except ValidationError as exc:
        return {"accept": False, "reasons": reasons + pydantic_reasons(exc)}
    if config.model is None and not policy_era:
        reasons.append("model_missing")
    combo = "/".join(getattr(config.algorithm, k).strip().lower() for k in ("type", "method", "variety"))
    if combo != "online/policy_gradient/gspo":
        reasons.append("algorithm")
    task_url = config.services.task_url.strip()
    if not task_url:
        reasons.append("task_url")
    result: dict[str, Any] = {}
    if config.model is not None:
        source, base = (config.model.source or "").strip(), (config.model.base or "").strip()
        if bool(source) == bool(base):
            reasons.append("model_one_of")
    elif policy_era and config.policy is not None:
        source, base = (config.policy.source or "").strip(), (config.policy.model_name or "").strip()
        if not (source or base):
            reasons.append("model_empty")
    else:
        source, base = "", ""
    if source or base:
        reasons += check_model(source or base, "rl")
        result["model" if source else "base_model"] = normalize(source or base)
    if not policy_era and not reasons:
        # What build_rl_payload puts in data.config: model_dump(exclude_none), [reference] defaulted, the stripped task URL.
        data = config.model_dump(mode="json", exclude_none=True)
        reference = data.get("reference")
        data["reference"] = {**reference, "placement": reference.get("placement", "none")} if isinstance(reference, dict) else {"placement": "none"}
        data["services"]["task_url"] = task_url
        result["config"] = data
    return {"accept": not reasons, "reasons": reasons, **result}


SFT_ALGORITHMS = {"offline/sft/fft", "offline/sft/lora", "offline/supervised_finetune/fft"}


def check_sft(doc: dict[str, Any], dataset: str) -> dict[str, Any]:
    try:
        config = SFTConfig.model_validate(doc)
    except ValidationError as exc:
        return {"accept": False, "reasons": pydantic_reasons(exc)}
    reasons = []
    if config.algorithm is None:
        reasons.append("algorithm_missing")
    elif "/".join(getattr(config.algorithm, k).strip().lower() for k in ("type", "method", "variety")) not in SFT_ALGORITHMS:
        reasons.append("algorithm")
    model = config.job.model.strip()
    if not model:
        reasons.append("model_missing")
    else:
        reasons += check_model(model, "sft")
    if not os.path.exists(dataset):
        reasons.append("dataset")
    return {"accept": not reasons, "reasons": reasons, **({"model": normalize(model)} if model else {})}


def check_jsonl(path: str) -> dict[str, Any]:
    """The reading loop of collect_sft_jsonl_errors: text mode (universal newlines), str.strip(), json.loads (NaN and
    Infinity read), then an object whose messages is a non-empty list of objects with a non-empty string role
    (the rest of the line schema is left to test/sft-jsonl.test.ts)."""
    bad, examples = [], 0
    with open(path, "r", encoding="utf-8") as fh:
        for lineno, raw in enumerate(fh, start=1):
            stripped = raw.strip()
            if not stripped:
                continue
            try:
                record = json.loads(stripped)
                messages = record.get("messages") if isinstance(record, dict) else None
                ok = isinstance(messages, list) and bool(messages) and all(
                    isinstance(m, dict) and isinstance(m.get("role"), str) and m["role"] for m in messages
                )
            except ValueError:
                ok = False
            if ok:
                examples += 1
            else:
                bad.append(lineno)
    return {"bad": bad, "examples": examples}


def main() -> None:
    request = json.load(sys.stdin)
    results = []
    for document in request["documents"]:
        try:
            doc = tomllib.loads(document["toml"])
        except tomllib.TOMLDecodeError:
            results.append({"id": document["id"], "accept": False, "reasons": ["toml"]})
            continue
        verdict = check_rl(doc) if document["kind"] == "rl" else check_sft(doc, request["dataset"])
        results.append({"id": document["id"], **verdict})
    jsonl = [{"path": path, **check_jsonl(path)} for path in request.get("jsonl", [])]
    json.dump({"results": results, "jsonl": jsonl}, sys.stdout)


if __name__ == "__main__":
    main()
