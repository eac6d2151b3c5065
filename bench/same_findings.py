"""Prove a speed change changed no behaviour: `promptlint check` gives the same output
before and after it.

    .venv/bin/python bench/same_findings.py [--ref main] [--new REV] [TARGET ...]

Runs `promptlint check --format json --exit-zero .` in every target folder (default: each
project under /work/eval/src, if present, and tests/corpus) twice: once with the code of
git revision `--ref` (exported to a temporary folder and put first on PYTHONPATH) and once
with the working tree (or the revision `--new`, exported the same way), then compares the
two outputs whole (findings, file errors, file counts). Prints one line per target and
every difference; exits 1 if any target differs.

`check` is not fully deterministic today: where two per-request values tie for one report
(two parameters in one system message), which one the message names follows the
iteration order of a set of taints, which differs between processes. So `--ref` runs
`--runs` times, and the new output of each file must be one the old code gave for that
file in one of its runs; files whose old output varied are counted and said.

The outputs of `--ref` are cached per (commit, target, file listing, run) in `--cache`,
so iterating on a change only pays for the new side.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EVAL = Path("/work/eval/src")


def default_targets() -> list[Path]:
    out = []
    if EVAL.is_dir():
        out = [p for p in sorted(EVAL.iterdir()) if p.is_dir() and any(p.rglob("*.py"))]
    return [*out, REPO / "tests" / "corpus"]


def listing_key(folder: Path) -> str:
    """A digest of the files under `folder` (path, size, mtime): the cache is stale when
    the target changed."""
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            st = p.stat()
            h.update(f"{p.relative_to(folder)}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()[:16]


def export(ref: str, into: Path) -> str:
    commit = subprocess.run(
        ["git", "rev-parse", ref], cwd=REPO, capture_output=True, text=True, check=True
    ).stdout.strip()
    archive = subprocess.run(
        ["git", "archive", "--format=tar", commit], cwd=REPO, capture_output=True, check=True
    ).stdout
    tar_path = into / "src.tar"
    tar_path.write_bytes(archive)
    with tarfile.open(tar_path) as tar:
        tar.extractall(into / "src", filter="data")
    # The installed layout (pyproject's package-dir: rules/ is promptlint.rules, ...), so
    # that no module of the working tree is imported by the old side.
    if sys.version_info >= (3, 11):
        import tomllib
    else:  # Python 3.10
        import tomli as tomllib
    config = tomllib.loads((into / "src" / "pyproject.toml").read_text())
    for package, folder in config["tool"]["setuptools"].get("package-dir", {}).items():
        link = into / "src" / Path(*package.split("."))
        if not link.exists():
            link.symlink_to((into / "src" / folder).resolve(), target_is_directory=True)
    return commit


def assert_imports_from(src: Path) -> None:
    """The old side must run the exported code, rules included, not the working tree's."""
    probe = (
        "import promptlint.python.frontend as f, promptlint.rules as r;"
        "print(f.__file__, r.__file__)"
    )
    env = {**os.environ, "PYTHONPATH": str(src)}
    out = subprocess.run(
        [sys.executable, "-c", probe], cwd=src.parent, env=env, capture_output=True, text=True
    ).stdout.split()
    if len(out) != 2 or not all(Path(p).resolve().is_relative_to(src.resolve()) for p in out):
        raise SystemExit(f"the old side does not import from {src}: {out}")


def run_check(target: Path, pythonpath: Path | None) -> tuple[str, float]:
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    cmd = [sys.executable, "-m", "promptlint", "check", "--format", "json", "--exit-zero", "."]
    start = time.perf_counter()
    proc = subprocess.run(cmd, cwd=target, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        return f"exit {proc.returncode}\n{proc.stdout}\n{proc.stderr}", elapsed
    return proc.stdout, elapsed


def per_file(output: str) -> dict[str, list[str]]:
    """The output of a run split by file: each file's findings and errors (as canonical
    JSON lines), and the rest (file counts) under the empty name."""
    try:
        data = json.loads(output)
    except json.JSONDecodeError:
        return {"": [output]}
    out: dict[str, list[str]] = {
        "": [json.dumps({k: v for k, v in data.items() if k not in ("findings", "errors")})]
    }
    for key in ("findings", "errors"):
        for item in data.get(key, []):
            out.setdefault(item.get("path", ""), []).append(
                json.dumps({"kind": key, **item}, sort_keys=True)
            )
    return out


def differences(olds: list[str], new: str) -> tuple[list[str], int]:
    """What the new output does differently from every old run, file by file; and how many
    files the old runs disagreed on among themselves.

    A file whose old runs agree must come out exactly the same. A file whose old runs
    varied (a file can hold several independent ties, so three runs need not show every
    combination) must give as many items as one old run did, each of them given by some
    old run, and every item that all old runs gave."""
    old_files = [per_file(o) for o in olds]
    new_files = per_file(new)
    names = set(new_files).union(*old_files)
    out: list[str] = []
    unstable = 0
    for name in sorted(names):
        runs = [f.get(name, []) for f in old_files]
        got = new_files.get(name, [])
        if any(got == r for r in runs):
            unstable += any(r != runs[0] for r in runs)
            continue
        if any(r != runs[0] for r in runs):
            unstable += 1
            every = set(runs[0]).intersection(*runs[1:])
            some = set().union(*runs)
            if len(got) in {len(r) for r in runs} and every <= set(got) <= some:
                continue
        out.append(f"{name or '(totals)'}:")
        out += [f"    only before: {x}" for x in sorted(set().union(*runs) - set(got))]
        out += [f"    only after:  {x}" for x in sorted(set(got) - set().union(*runs))]
        if set(got) <= set().union(*runs):
            out.append("    (the same items, in another number or order)")
    return out, unstable


def main() -> int:
    ap = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    ap.add_argument("targets", nargs="*", type=Path)
    ap.add_argument("--ref", default="main", help="the revision to compare with")
    ap.add_argument(
        "--cache",
        type=Path,
        default=Path(tempfile.gettempdir()) / "promptlint-same-findings",
        help="where the output of --ref is kept between runs",
    )
    ap.add_argument("--new", default=None, help="a revision instead of the working tree")
    ap.add_argument("--runs", type=int, default=3, help="runs of --ref (see above)")
    args = ap.parse_args()
    targets = [t.resolve() for t in args.targets] or default_targets()
    args.cache.mkdir(parents=True, exist_ok=True)
    failed = 0
    with tempfile.TemporaryDirectory(prefix="promptlint-ref-") as tmp:
        commit = export(args.ref, Path(tmp))
        assert_imports_from(Path(tmp) / "src")
        new_src: Path | None = None
        after = f"the working tree of {REPO}"
        if args.new is not None:
            (Path(tmp) / "new").mkdir()
            after = f"{args.new} ({export(args.new, Path(tmp) / 'new')[:10]})"
            new_src = Path(tmp) / "new" / "src"
            assert_imports_from(new_src)
        print(f"before: {args.ref} ({commit[:10]}); after: {after}")
        for target in targets:
            olds = []
            t_old = float("nan")
            for run in range(args.runs):
                cached = args.cache / f"{commit}-{target.name}-{listing_key(target)}-{run}.out"
                if cached.exists():
                    olds.append(cached.read_text())
                else:
                    old, t_old = run_check(target, Path(tmp) / "src")
                    cached.write_text(old)
                    olds.append(old)
            new, t_new = run_check(target, new_src)
            (args.cache / f"last-new-{target.name}.out").write_text(new)  # to read a difference
            diff, unstable = differences(olds, new)
            try:
                count = len(json.loads(new)["findings"])
            except (json.JSONDecodeError, KeyError):
                count = -1
            status = "same" if not diff else "DIFFERENT"
            if unstable:
                status += f" ({unstable} unstable before)"
            took = "cached" if math.isnan(t_old) else f"{t_old:5.1f}s"
            print(
                f"{target.name:<40} {count:4d} findings  {status:<26} "
                f"before {took}  after {t_new:5.1f}s",
                flush=True,
            )
            for line in diff:
                print(f"    {line}")
            failed += bool(diff)
    print(f"{len(targets) - failed} of {len(targets)} targets give the same output")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
