"""Type stubs of mnk.proof: proofs split into jobs for many machines, certificates checked."""

from typing import Any, Dict, Optional, Tuple

from . import Board

__all__ = [
    "DEFAULT_MAX_RECORDS",
    "job_text", "merge", "prove_job", "split", "status", "store_answer", "verify",
]

DEFAULT_MAX_RECORDS: int

def split(board: Board, frontier: int, jobs_dir: str) -> Dict[str, Any]: ...
def status(jobs_dir: str) -> Dict[str, Any]: ...
def job_text(jobs_dir: str, job: int) -> str: ...
def prove_job(
    job: str,
    *,
    jobs_dir: Optional[str] = None,
    threads: int = 1,
    hash_mib: int = 64,
    max_seconds: Optional[float] = None,
) -> Tuple[str, bytes]: ...
def store_answer(jobs_dir: str, answer: str, part: bytes) -> None: ...
def merge(jobs_dir: str, certificate: str) -> Dict[str, Any]: ...
def verify(certificate: str, max_records: int = 50000000) -> Dict[str, Any]: ...
