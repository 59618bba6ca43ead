#!/usr/bin/env python3
"""The calibration corpus (tests/model/published) through two peers, side
by side with the planner (issue 21, item 3). Not part of `meson test`.

Peers:
  6ND   the formula 6·N·D / (GPUs × dense bf16 peak × 0.4), N the active
        parameters, D the tokens; it speaks to run time, throughput,
        GPU-hours and utilisation (at 0.4 by construction), not to memory
        or serving.
  llm-analysis
        github cli99/llm-analysis (Cheng Li), run from a checkout given
        with --llm-analysis DIR at flops efficiency 0.4. It needs the
        Python package `fire` (Debian: python3-fire); without it, or
        without a checkout, its column says so and nothing stands in.
        It is given the case's model shape, and the layout, micro-batch,
        ZeRO stage and recompute the planner ran (the case's where pinned;
        llm-analysis has no layout search). It speaks to training time,
        throughput and full-training memory on the GPUs it has configs
        for (A100, H100, V100); not to LoRA/QLoRA, H800, B200, consumer
        cards, or serving.

Each case's inputs are those `compute-planner-cli estimate --xml` resolves
from the case's options (model shape, tokens, GPUs, peak): the peers see
the same job as the planner.

Usage:
  run-peers.py CLI SCOREBOARD CORPUS-DIR [--llm-analysis DIR]
e.g.
  tests/model/peers/run-peers.py _build/src/cli/compute-planner-cli \
      _build/tests/model/published-scoreboard tests/model/published \
      --llm-analysis /tmp/llm-analysis
"""
import argparse
import configparser
import contextlib
import io
import logging
import os
import shlex
import statistics
import subprocess
import sys
import xml.etree.ElementTree as ET

CATEGORIES = ["dense-pretrain", "moe-pretrain", "finetune-memory", "serving"]
EFFICIENCY = 0.4
# The catalogue's GPUs that llm-analysis has a config for (its
# llm_analysis/gpu_configs/*.json); others are not expressible there.
LLM_ANALYSIS_GPUS = {
    "a100-40g": "a100-sxm-40gb",
    "a100-80g": "a100-sxm-80gb",
    "h100-sxm": "h100-sxm-80gb",
    "h100-pcie": "h100-pcie-80gb",
    "v100-32g": "v100-sxm-32gb",
}
TIME_UNITS = {"s", "days", "tokens/s/GPU", "GPU-hours", "fraction"}
BYTES = {"GB": 1e9, "GiB": 2.0 ** 30, "MiB": 2.0 ** 20}


def load_cases(corpus_dir):
    cases = {}
    for name in sorted(os.listdir(corpus_dir)):
        if not name.endswith(".case"):
            continue
        parser = configparser.ConfigParser(interpolation=None, delimiters=("=",))
        parser.optionxform = str
        parser.read(os.path.join(corpus_dir, name), encoding="utf-8")
        for case_id in parser.sections():
            cases[case_id] = dict(parser[case_id])
    return cases


def planner_results(scoreboard, cli, corpus_dir):
    """id → (expected, planner value or None), from the scoreboard's lines."""
    out = subprocess.run([scoreboard, cli, corpus_dir], capture_output=True, text=True, check=True).stdout
    results = {}
    for line in out.splitlines():
        fields = line.split()
        if len(fields) >= 5 and fields[0] in ("within", "MISS"):
            results[fields[1]] = (float(fields[3]), float(fields[4]))
        elif len(fields) >= 4 and fields[0] == "ERROR":
            results[fields[1]] = (float(fields[3]), None)
    return results


def estimate_xml(cli, case):
    argv = [cli, "estimate"] + shlex.split(case["options"]) + ["--xml"]
    text = subprocess.run(argv, capture_output=True, text=True, check=True).stdout
    return ET.fromstring(text)


def number(root, path):
    node = root.find(path)
    return float(node.text) if node is not None and node.text else 0.0


def text(root, path):
    node = root.find(path)
    return node.text if node is not None else ""


def six_nd(case, root):
    """The formula's value in the case's unit, or None."""
    unit = case["unit"]
    if case["category"] not in ("dense-pretrain", "moe-pretrain") or unit not in TIME_UNITS:
        return None
    n = number(root, "inputs/active-params") or number(root, "inputs/params")
    tokens = number(root, "inputs/tokens")
    gpus = number(root, "configuration/gpus")
    peak = number(root, "inputs/gpu-dense-bf16-flops")
    if n <= 0 or tokens <= 0 or gpus <= 0 or peak <= 0:
        return None
    run_s = 6 * n * tokens / (gpus * peak * EFFICIENCY)
    if unit == "s":
        step_tokens = number(root, "configuration/global-batch-tokens")
        return run_s * step_tokens / tokens if step_tokens > 0 else None
    if unit == "days":
        return run_s / 86400
    if unit == "tokens/s/GPU":
        return tokens / (run_s * gpus)
    if unit == "GPU-hours":
        return run_s * gpus / 3600
    return EFFICIENCY  # "fraction": MFU, 0.4 by construction


class LlmAnalysis:
    def __init__(self, directory):
        self.why_not = None
        if directory is None:
            self.why_not = "no checkout given (--llm-analysis DIR)"
            return
        sys.path.insert(0, directory)
        try:
            import fire  # noqa: F401  (llm_analysis.analysis imports it)
            with contextlib.redirect_stderr(io.StringIO()):
                from llm_analysis import analysis, config
        except ImportError as error:
            self.why_not = f"cannot import ({error}); install python3-fire"
            return
        self.analysis = analysis
        self.config = config
        logging.getLogger().setLevel(logging.ERROR)
        analysis.logger.setLevel(logging.ERROR)

    def value(self, case, root):
        if self.why_not is not None:
            return None
        unit = case["unit"]
        task = text(root, "inputs/task")
        gpu = LLM_ANALYSIS_GPUS.get(text(root, "inputs/gpu-id"))
        if gpu is None or task not in ("pretrain", "full-finetune"):
            return None
        memory = unit in BYTES
        if not memory and (unit not in TIME_UNITS or case["category"] not in ("dense-pretrain", "moe-pretrain")):
            return None
        c = self.config
        experts = int(number(root, "inputs/experts")) or 1
        expert_ffn = int(number(root, "inputs/expert-ffn")) or int(number(root, "inputs/ffn"))
        model = c.ModelConfig(
            name=text(root, "inputs/model-id") or "case",
            num_layers=int(number(root, "inputs/layers")),
            n_head=int(number(root, "inputs/heads")),
            hidden_dim=int(number(root, "inputs/hidden")),
            vocab_size=int(number(root, "inputs/vocab")),
            max_seq_len=int(number(root, "inputs/seq-len")),
            num_key_value_heads=int(number(root, "inputs/kv-heads")) or None,
            ffn_embed_dim=(expert_ffn if experts > 1 else int(number(root, "inputs/ffn"))) or None,
            moe_num_experts=experts,
            moe_top_k=int(number(root, "inputs/active-experts")) or 1,
            mlp_gated_linear_units=text(root, "inputs/gated-mlp") == "true",
        )
        tp = int(number(root, "configuration/tensor-parallel")) or 1
        pp = int(number(root, "configuration/pipeline-parallel")) or 1
        dp = int(number(root, "configuration/data-parallel")) or 1
        ep = int(number(root, "configuration/expert-parallel")) or 1
        seq = int(number(root, "inputs/seq-len"))
        step_tokens = number(root, "configuration/global-batch-tokens")
        recompute = {"none": 0, "selective": 1, "full": 4}.get(text(root, "configuration/recompute"), 0)
        zero = int(number(root, "configuration/zero-stage"))
        tokens = number(root, "inputs/tokens")
        try:
            with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                la = self.analysis.LLMAnalysis(
                    model, c.get_gpu_config_by_name(gpu), c.get_dtype_config_by_name("w16a16e16"),
                    c.ParallelismConfig(tp_size=tp, pp_size=pp, dp_size=dp, ep_size=ep),
                    flops_efficiency=EFFICIENCY, hbm_memory_efficiency=0.9)
                summary = la.training(
                    batch_size_per_gpu=int(number(root, "configuration/micro-batch")) or 1,
                    global_batch_size=int(step_tokens // seq) if seq else None,
                    seq_len=seq, total_num_tokens=int(tokens),
                    activation_recomputation=self.analysis.ActivationRecomputation(recompute),
                    ds_zero=self.analysis.DSZeRO(zero))
        except (AssertionError, ValueError, ZeroDivisionError, TypeError):
            return None  # the configuration is outside what it accepts
        gpus = dp * tp * pp
        if memory:
            keys = ["weight_memory_per_gpu", "gradient_memory_per_gpu", "optimizer_state_memory_per_gpu"]
            if "memory-per-gpu-bytes" in case["xpath"]:
                keys.append("activation_memory_per_gpu")
            return sum(summary.get(k) or 0 for k in keys) / BYTES[unit]
        step_s = summary.get("latency_per_iter")
        if not step_s:
            return None
        if unit == "s":
            return step_s
        run_s = step_s * tokens / step_tokens
        if unit == "days":
            return run_s / 86400
        if unit == "tokens/s/GPU":
            return step_tokens / (step_s * gpus)
        if unit == "GPU-hours":
            return run_s * gpus / 3600
        n = number(root, "inputs/active-params")
        return 6 * n * step_tokens / (step_s * gpus * number(root, "inputs/gpu-dense-bf16-flops"))


def score(errors, tolerances):
    if not errors:
        return "-"
    within = sum(abs(e) <= t for e, t in zip(errors, tolerances))
    return f"{within}/{len(errors)} within, median |err| {100 * statistics.median(abs(e) for e in errors):.1f}%"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("cli")
    parser.add_argument("scoreboard")
    parser.add_argument("corpus")
    parser.add_argument("--llm-analysis", dest="llm_analysis")
    args = parser.parse_args()

    cases = load_cases(args.corpus)
    planner = planner_results(args.scoreboard, args.cli, args.corpus)
    peer = LlmAnalysis(args.llm_analysis)
    rows = []
    for case_id, case in cases.items():
        if case_id not in planner:
            continue
        expected, ours = planner[case_id]
        root = estimate_xml(args.cli, case)
        rows.append((case_id, case, expected, ours, six_nd(case, root), peer.value(case, root)))

    def err(value, expected):
        return None if value is None else value / expected - 1

    print(f"{'case':36} {'category':15} {'expected':>12} {'planner':>9} {'6ND@0.4':>9} {'llm-an.':>9}")
    for case_id, case, expected, ours, formula, la in rows:
        cells = [err(v, expected) for v in (ours, formula, la)]
        print(f"{case_id:36} {case['category']:15} {expected:12.6g} " +
              " ".join(f"{100 * e:+8.1f}%" if e is not None else f"{'-':>9}" for e in cells))
    if peer.why_not is not None:
        print(f"\nllm-analysis not run: {peer.why_not}")

    print("\nSide by side, on the cases each peer can express (planner on the same cases)")
    for category in CATEGORIES:
        subset = [r for r in rows if r[1]["category"] == category]
        if not subset:
            continue
        print(f"\n{category} ({len(subset)} cases)")
        all_ours = [(err(r[3], r[2]), float(r[1]["tolerance"])) for r in subset if r[3] is not None]
        print(f"  planner, all cases            {score([e for e, _ in all_ours], [t for _, t in all_ours])}")
        for column, name in ((4, "6ND@0.4"), (5, "llm-analysis")):
            shared = [r for r in subset if r[column] is not None and r[3] is not None]
            if not shared:
                print(f"  {name:12} expresses none")
                continue
            tol = [float(r[1]["tolerance"]) for r in shared]
            print(f"  {name:12} {score([err(r[column], r[2]) for r in shared], tol)}")
            print(f"  {'planner':12} {score([err(r[3], r[2]) for r in shared], tol)}   (same {len(shared)} cases)")


if __name__ == "__main__":
    main()
