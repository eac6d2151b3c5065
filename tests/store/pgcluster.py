"""A throwaway PostgreSQL cluster for the `postgres` tests: initdb, pg_ctl start on loopback, drop.

Uses Debian's `postgresql` binaries (/usr/lib/postgresql/*/bin) or any on PATH. initdb refuses
to run as root, so as root the cluster runs as the `postgres` (or `nobody`) user.
Set PROMPTLINT_TEST_PG_URL to use an existing server instead.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def pg_bindir() -> Path | None:
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    candidates = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"), reverse=True)
    return Path(candidates[0]).parent if candidates else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def pg_cluster() -> Iterator[str]:
    """Yields a server URL (database `postgres`, superuser `promptlint`, trust auth)."""
    env_url = os.environ.get("PROMPTLINT_TEST_PG_URL")
    if env_url:
        yield env_url
        return
    bindir = pg_bindir()
    if bindir is None:
        raise FileNotFoundError("PostgreSQL server binaries (initdb, pg_ctl) not found")
    base = Path(tempfile.mkdtemp(prefix="promptlint-pg-"))
    data, sock = base / "data", base / "sock"
    sock.mkdir()
    user: str | None = None
    if os.geteuid() == 0:
        user = "postgres"
        try:
            pw = pwd.getpwnam(user)
        except KeyError:
            user, pw = "nobody", pwd.getpwnam("nobody")
        os.chmod(base, 0o755)
        for p in (base, sock):
            os.chown(p, pw.pw_uid, pw.pw_gid)
    port = _free_port()
    log = base / "server.log"
    run = {"check": True, "capture_output": True, "user": user, "cwd": base}
    try:
        subprocess.run(
            [str(bindir / "initdb"), "-D", str(data), "-U", "promptlint", "--auth=trust",
             "-E", "UTF8", "--no-locale", "--no-sync"],
            **run,
        )  # fmt: skip
        subprocess.run(
            [str(bindir / "pg_ctl"), "-D", str(data), "-l", str(log), "-w", "-t", "60",
             "-o", f"-p {port} -k {sock} -c listen_addresses=127.0.0.1 -c fsync=off"
                   " -c synchronous_commit=off -c full_page_writes=off",
             "start"],
            **run,
        )  # fmt: skip
    except subprocess.CalledProcessError as e:
        detail = (e.stderr or b"").decode(errors="replace")
        if log.exists():
            detail += log.read_text(errors="replace")
        shutil.rmtree(base, ignore_errors=True)
        raise RuntimeError(f"could not start PostgreSQL: {detail}") from None
    try:
        yield f"postgresql://promptlint@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            [str(bindir / "pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"],
            check=False, capture_output=True, user=user, cwd=base,
        )  # fmt: skip
        shutil.rmtree(base, ignore_errors=True)


@contextmanager
def fresh_database(server_url: str) -> Iterator[str]:
    """A new empty database on the server, dropped afterwards."""
    import psycopg

    name = "t_" + uuid.uuid4().hex[:12]
    with psycopg.connect(server_url, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield server_url.rsplit("/", 1)[0] + "/" + name
    finally:
        with psycopg.connect(server_url, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
