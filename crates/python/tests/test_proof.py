"""mnk.proof and mnk.distributed: a proof split into jobs, proved, merged and checked; on Ray,
including a driver killed part-way and started again."""

import json
import os
import pathlib
import signal
import subprocess
import sys
import time

import pytest

import mnk
from mnk import proof


def run_all(jobs_dir):
    """Answers the needed jobs one by one in-process, as a driver with one worker would."""
    ran = 0
    while True:
        status = proof.status(jobs_dir)
        if status["value"] is not None:
            return status, ran
        job = proof.job_text(jobs_dir, status["needed"][0])
        proof.prove_job(job, jobs_dir=jobs_dir)
        ran += 1


@pytest.mark.parametrize(
    "size,k,frontier,value",
    [("5x5", 4, 2, "draw"), ("6x5", 4, 3, "win"), ("7x6", 5, 2, "draw")],
)
def test_a_split_proof_merges_into_a_certificate_the_checker_accepts(
    tmp_path, mnk_cli, size, k, frontier, value
):
    jobs = str(tmp_path / "jobs")
    split = proof.split(mnk.Board(rules=mnk.Rules.parse(size, k)), frontier, jobs)
    assert split["answered"] == 0 and split["jobs"] > 0
    status, ran = run_all(jobs)
    assert status["value"] == value
    cert = str(tmp_path / "merged.cert.gz")
    merged = proof.merge(jobs, cert)
    assert merged["value"] == value
    assert merged["skipped"] + status["answered"] == status["jobs"]
    assert proof.verify(cert)["value"] == value
    # The command-line checker agrees, exactly as for a one-machine certificate.
    out = subprocess.run(
        [mnk_cli, "verify", cert, "--json"], capture_output=True, text=True, check=True
    )
    assert json.loads(out.stdout)["value"] == value


def test_a_job_answered_wrongly_makes_the_checker_refuse(tmp_path):
    jobs = str(tmp_path / "jobs")
    proof.split(mnk.Board(rules=mnk.Rules.parse("5x5", 4)), 2, jobs)
    run_all(jobs)
    # Cut the largest part short: the records its first record relies on are gone.
    parts = sorted(pathlib.Path(jobs, "answers").glob("*.part.gz"), key=lambda p: p.stat().st_size)
    import gzip

    records = gzip.decompress(parts[-1].read_bytes())
    parts[-1].write_bytes(gzip.compress(records[: len(records) // 2]))
    cert = str(tmp_path / "merged.cert.gz")
    with pytest.raises(mnk.ProofError):
        proof.merge(jobs, cert)
        proof.verify(cert)


def test_the_checkers_default_record_limit_is_the_engines():
    import inspect

    default = inspect.signature(proof.verify).parameters["max_records"].default
    assert default == proof.DEFAULT_MAX_RECORDS


def test_answers_from_another_split_are_refused(tmp_path):
    a, b = str(tmp_path / "a"), str(tmp_path / "b")
    proof.split(mnk.Board(rules=mnk.Rules.parse("5x5", 4)), 2, a)
    proof.split(mnk.Board(rules=mnk.Rules.parse("5x4", 4)), 2, b)
    answer, part = proof.prove_job(proof.job_text(a, 0))
    with pytest.raises(mnk.ProofError, match="does not answer job"):
        proof.store_answer(b, answer, part)
    with pytest.raises(mnk.ProofError, match="another split"):
        proof.split(mnk.Board(rules=mnk.Rules.parse("5x5", 4)), 3, a)


@pytest.fixture(scope="module")
def ray_module():
    """Ray, the optional extra: CI installs it and fails here without it; elsewhere the Ray
    tests show as skipped with the reason."""
    if os.environ.get("CI") == "true":
        import ray
    else:
        ray = pytest.importorskip("ray", reason="Ray is not installed: pip install './crates/python[ray]'")
    return ray


@pytest.fixture(scope="module")
def local_ray(ray_module):
    ray_module.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray_module.shutdown()


def test_on_a_local_ray_instance_the_merged_certificate_verifies(tmp_path, local_ray):
    from mnk import distributed

    lines = []
    result = distributed.solve(
        mnk.Board(rules=mnk.Rules.parse("7x6", 5)),
        2,
        str(tmp_path / "jobs"),
        certificate=str(tmp_path / "cert.gz"),
        workers=2,
        report=lines.append,
        report_every=1.0,
    )
    assert result["value"] == "draw"
    assert result["certificate"]["skipped"] > 0
    assert proof.verify(str(tmp_path / "cert.gz"))["value"] == "draw"
    assert lines[0].startswith("split: ") and lines[-1].startswith("certificate: ")


def test_a_driver_killed_part_way_resumes_with_what_it_answered(tmp_path, ray_module):
    jobs = tmp_path / "jobs"
    answers = jobs / "answers"
    command = [
        sys.executable, "-m", "mnk.distributed", "solve", "--size", "7x6", "--k", "5",
        "--frontier", "2", "--jobs", str(jobs), "--workers", "2", "--report-every", "1",
    ]  # fmt: skip
    driver = subprocess.Popen(command, start_new_session=True, stdout=subprocess.DEVNULL)
    try:
        # Wait (bounded) for the first answers to be kept, then kill the driver outright.
        deadline = time.monotonic() + 300
        while len(list(answers.glob("*.answer.json"))) < 2:
            assert driver.poll() is None, "the driver ended before it was killed"
            assert time.monotonic() < deadline, "no answer within 300 s"
            time.sleep(0.2)
    finally:
        os.killpg(driver.pid, signal.SIGKILL)
        driver.wait()
    kept = len(list(answers.glob("*.answer.json")))
    assert kept >= 2
    cert = tmp_path / "cert.gz"
    again = subprocess.run(
        command + ["--certificate", str(cert)], capture_output=True, text=True, timeout=600
    )
    assert again.returncode == 0, again.stderr
    first = again.stdout.splitlines()[0]
    assert first.endswith(f"; {kept} answered before this run"), first
    result = json.loads(again.stdout.splitlines()[-1])
    assert result["value"] == "draw"
    # The restarted run answered only what was missing.
    assert result["answered"] == kept + result["this_run"]
    assert proof.verify(str(cert))["value"] == "draw"
