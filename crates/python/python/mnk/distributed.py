"""A proof split into jobs, run on Ray: on a laptop, a lab cluster or Kubernetes (KubeRay).

    python -m mnk.distributed solve --size 7x7 --k 5 --frontier 2 --jobs DIR \\
        --certificate 7x7-5.cert.gz

The driver splits the proof into DIR (as ``mnk solve --frontier PLIES --jobs DIR`` does), runs
the jobs that can still change the value as Ray tasks, most useful first, keeps each answer in
DIR as it arrives, cancels running jobs whose answers are no longer needed, and merges the
answers into one certificate that ``mnk verify`` checks. A driver that is stopped or killed
loses only the jobs running at that moment: started again with the same arguments, it runs only
what is missing.

Ray is an optional extra (``pip install 'mnk[ray]'``, or ``'./crates/python[ray]'`` from a
checkout); ``mnk`` itself does not need it. The workers need the ``mnk`` package too; the job
texts and answers travel through Ray, so the workers need no shared file system.
"""

import argparse
import json
import sys
import time
from typing import Any, Callable, Dict, List, Optional

from . import Board, Rules, proof

__all__ = ["solve", "main"]


def _ray() -> Any:
    try:
        import ray
    except ImportError:
        raise SystemExit(
            "mnk.distributed needs Ray: pip install 'mnk[ray]' (or './crates/python[ray]' "
            "from a checkout of mnk)"
        ) from None
    return ray


def _prove(job: str, threads: int, hash_mib: int) -> Any:
    """The Ray task: one job's answer (JSON text) and certificate part (bytes)."""
    from mnk import proof as worker_proof

    return worker_proof.prove_job(job, threads=threads, hash_mib=hash_mib)


def _rate(nodes: int, seconds: float) -> str:
    rate = nodes / seconds if seconds > 0 else 0.0
    for unit, size in (("G", 1e9), ("M", 1e6), ("k", 1e3)):
        if rate >= size:
            return f"{rate / size:.1f} {unit}"
    return f"{rate:.0f} "


def solve(
    board: Board,
    frontier: int,
    jobs_dir: str,
    *,
    certificate: Optional[str] = None,
    address: Optional[str] = None,
    workers: Optional[int] = None,
    threads: int = 1,
    hash_mib: int = 64,
    report: Callable[[str], None] = print,
    report_every: float = 10.0,
) -> Dict[str, Any]:
    """Proves `board` split at `frontier` plies into `jobs_dir`, the jobs run as Ray tasks.

    Connects to the Ray cluster at `address` (``"auto"`` for one started with ``ray start``),
    or starts a local instance with `workers` CPUs (every core by default) when Ray is not
    running yet. Each task proves one job with `threads` threads and a `hash_mib` MiB table.
    At most `workers` jobs run at once (by default, the cluster's CPUs over `threads`).
    `report` hears a line at the start, after each answer at most every `report_every`
    seconds, and at the end. Returns the status with `this_run` (jobs answered here),
    `cancelled`, `seconds` and, when `certificate` is given, `certificate` (what
    :func:`mnk.proof.merge` returned).
    """
    ray = _ray()
    started = time.monotonic()
    split = proof.split(board, frontier, jobs_dir)
    report(
        f"split: {split['jobs']} jobs at {frontier} plies, {split['above_frontier']} positions "
        f"above the frontier; {split['answered']} answered before this run"
    )
    if not ray.is_initialized():
        if address is None:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        else:
            ray.init(address=address, log_to_driver=False)
    cpus = int(ray.cluster_resources().get("CPU", 1))
    width = max(1, workers if workers is not None else cpus // max(1, threads))
    task = ray.remote(num_cpus=threads, max_retries=1)(_prove)
    running: Dict[int, Any] = {}
    cancelled = 0
    this_run = 0
    nodes = 0
    last_report = time.monotonic()
    while True:
        status = proof.status(jobs_dir)
        if status["value"] is not None:
            break
        needed: List[int] = status["needed"]
        wanted = set(needed)
        for j in [j for j in running if j not in wanted]:
            ray.cancel(running.pop(j), force=True)
            cancelled += 1
        for j in needed:
            if len(running) >= width:
                break
            if j not in running:
                running[j] = task.remote(proof.job_text(jobs_dir, j), threads, hash_mib)
        by_ref = {ref: j for j, ref in running.items()}
        ready, _ = ray.wait(list(by_ref), num_returns=1, timeout=report_every)
        for ref in ready:
            j = by_ref[ref]
            del running[j]
            try:
                answer, part = ray.get(ref)
            except ray.exceptions.TaskCancelledError:
                continue
            proof.store_answer(jobs_dir, answer, part)
            this_run += 1
            nodes += json.loads(answer)["nodes"]
        now = time.monotonic()
        if now - last_report >= report_every:
            last_report = now
            report(
                f"jobs: {status['answered'] + len(ready)} answered ({this_run} this run), "
                f"{len(running)} running, {len(needed)} open; {_rate(nodes, now - started)}"
                "nodes/s; no time estimate (which jobs are needed depends on answers to come)"
            )
    for ref in running.values():
        ray.cancel(ref, force=True)
        cancelled += 1
    status["this_run"] = this_run
    status["cancelled"] = cancelled
    status["seconds"] = time.monotonic() - started
    report(
        f"settled: {status['value']} ({status['answered']} of {status['jobs']} jobs answered, "
        f"{this_run} this run, {cancelled} cancelled; {status['seconds']:.1f} s, "
        f"{_rate(nodes, status['seconds'])}nodes/s)"
    )
    if certificate is not None:
        merged = proof.merge(jobs_dir, certificate)
        status["certificate"] = merged
        report(
            f"certificate: {certificate} ({merged['records']} records, {merged['bytes']} bytes, "
            f"from {merged['jobs_used']} jobs; {merged['skipped']} skipped); check it with "
            f"mnk verify {certificate}"
        )
    return status


def main(argv: Optional[List[str]] = None) -> int:
    """The command line: ``python -m mnk.distributed solve ...`` (``--help`` for the options)."""
    parser = argparse.ArgumentParser(
        prog="python -m mnk.distributed", description="Run a split mnk proof on Ray."
    )
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser("solve", help="split a proof, run its jobs on Ray, merge them")
    run.add_argument("--size", default="3x3", help="board size WxH (default 3x3)")
    run.add_argument("--k", type=int, default=None, help="stones in a row that win")
    run.add_argument("--position", default=None, help="board text, as mnk solve takes it")
    run.add_argument("--frontier", type=int, required=True, help="plies to split at")
    run.add_argument("--jobs", required=True, help="the split's directory (kept for restarts)")
    run.add_argument("--certificate", default=None, help="write the merged certificate here")
    run.add_argument("--address", default=None, help="a Ray cluster ('auto' for ray start)")
    run.add_argument("--workers", type=int, default=None, help="jobs at once (default: CPUs)")
    run.add_argument("--threads", type=int, default=1, help="threads per job (default 1)")
    run.add_argument("--hash", type=int, default=64, help="table MiB per job (default 64)")
    run.add_argument("--report-every", type=float, default=10.0, help="seconds between reports")
    args = parser.parse_args(argv)
    try:
        rules = Rules.parse(args.size, args.k)
        board = Board(args.position, rules=rules) if args.position else Board(rules=rules)
        result = solve(
            board,
            args.frontier,
            args.jobs,
            certificate=args.certificate,
            address=args.address,
            workers=args.workers,
            threads=args.threads,
            hash_mib=args.hash,
            report=lambda line: print(line, flush=True),
            report_every=args.report_every,
        )
    except ValueError as e:
        print(f"mnk.distributed: {e}", file=sys.stderr)
        return 1
    print(json.dumps({k: v for k, v in result.items() if k != "needed"}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
