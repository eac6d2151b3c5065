"""Headless Chromium over the DevTools protocol (aiohttp websocket): load a page, collect
console errors, exceptions and failed loads, and take a screenshot. Plus a tiny PNG reader
to tell a blank screenshot from a drawn one (no Pillow needed)."""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import shutil
import struct
import subprocess
import tempfile
import zlib
from collections import Counter
from pathlib import Path
from typing import Any

CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--remote-debugging-port=0",
    "--window-size=1200,900",
]


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        found = shutil.which(name)
        if found:
            return found
    return None


class PageRun:
    def __init__(self) -> None:
        self.errors: list[str] = []
        self.png: bytes = b""
        self.value: Any = None  # what `evaluate` returned, after layout


async def load_page(
    url: str, scale: float = 0.5, timeout: float = 60.0, evaluate: str | None = None
) -> PageRun:
    """Open `url` in a fresh headless Chromium; return its console errors, a full-page PNG
    and, with `evaluate`, what that JavaScript expression returned on the drawn page."""
    import aiohttp

    exe = chromium_path()
    if exe is None:
        raise FileNotFoundError("chromium not installed")
    profile = Path(tempfile.mkdtemp(prefix="promptlint-chromium-"))
    proc = subprocess.Popen(
        [exe, *CHROMIUM_FLAGS, f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    result = PageRun()
    try:
        port_file = profile / "DevToolsActivePort"
        for _ in range(int(timeout * 10)):
            if port_file.exists() and port_file.read_text().count("\n") >= 1:
                break
            await asyncio.sleep(0.1)
        port = int(port_file.read_text().splitlines()[0])
        async with aiohttp.ClientSession() as http:
            async with http.get(f"http://127.0.0.1:{port}/json/list") as resp:
                targets = await resp.json()
            ws_url = next(t for t in targets if t["type"] == "page")["webSocketDebuggerUrl"]
            async with http.ws_connect(ws_url, max_msg_size=0) as ws:
                await asyncio.wait_for(_drive(ws, url, scale, result, evaluate), timeout)
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
        shutil.rmtree(profile, ignore_errors=True)
    return result


async def _drive(ws: Any, url: str, scale: float, result: PageRun, evaluate: str | None) -> None:
    ids = itertools.count(1)
    pending: dict[int, asyncio.Future[Any]] = {}
    loaded = asyncio.Event()

    async def reader() -> None:
        async for msg in ws:
            data = json.loads(msg.data)
            if "id" in data and data["id"] in pending:
                pending.pop(data["id"]).set_result(data)
                continue
            method, params = data.get("method"), data.get("params", {})
            if method == "Page.loadEventFired":
                loaded.set()
            elif method == "Runtime.exceptionThrown":
                details = params["exceptionDetails"]
                described = details.get("exception", {}).get("description", "")
                result.errors.append(f"exception: {details.get('text')} {described}".strip())
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                args = [str(a.get("value", a.get("description"))) for a in params.get("args", [])]
                result.errors.append(f"console.{params['type']}: {' '.join(args)}")
            elif method == "Log.entryAdded" and params["entry"].get("level") == "error":
                entry = params["entry"]
                result.errors.append(f"log: {entry.get('text')} {entry.get('url', '')}".strip())

    async def call(method: str, **params: Any) -> Any:
        i = next(ids)
        fut: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        pending[i] = fut
        await ws.send_str(json.dumps({"id": i, "method": method, "params": params}))
        data = await fut
        if "error" in data:
            raise RuntimeError(f"{method}: {data['error']}")
        return data.get("result", {})

    task = asyncio.create_task(reader())
    try:
        for domain in ("Page", "Runtime", "Log"):
            await call(f"{domain}.enable")
        await call("Page.navigate", url=url)
        await loaded.wait()
        await asyncio.sleep(0.3)  # late console messages
        metrics = await call("Page.getLayoutMetrics")
        size = metrics.get("cssContentSize") or metrics["contentSize"]
        shot = await call(
            "Page.captureScreenshot",
            format="png",
            captureBeyondViewport=True,
            clip={"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": scale},
        )
        result.png = base64.b64decode(shot["data"])
        if evaluate is not None:
            done = await call("Runtime.evaluate", expression=evaluate, returnByValue=True)
            result.value = done["result"].get("value")
    finally:
        task.cancel()


def png_pixels(png: bytes) -> tuple[int, int, list[bytes]]:
    """(width, height, rows of RGB(A) bytes) for 8-bit non-interlaced RGB/RGBA PNGs."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat = 8, b""
    width = height = channels = 0
    while pos < len(png):
        length, kind = struct.unpack(">I4s", png[pos : pos + 8])
        body = png[pos + 8 : pos + 8 + length]
        if kind == b"IHDR":
            width, height, depth, color, _, _, interlace = struct.unpack(">IIBBBBB", body)
            assert depth == 8 and color in (2, 6) and interlace == 0, (depth, color, interlace)
            channels = 3 if color == 2 else 4
        elif kind == b"IDAT":
            idat += body
        pos += 12 + length
    raw = zlib.decompress(idat)
    stride = width * channels
    rows: list[bytes] = []
    prev = bytearray(stride)
    for y in range(height):
        f = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1 : (y + 1) * (stride + 1)])
        for x in range(stride):
            a = line[x - channels] if x >= channels else 0
            b = prev[x]
            if f == 1:
                line[x] = (line[x] + a) & 0xFF
            elif f == 2:
                line[x] = (line[x] + b) & 0xFF
            elif f == 3:
                line[x] = (line[x] + (a + b) // 2) & 0xFF
            elif f == 4:
                c = prev[x - channels] if x >= channels else 0
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 0xFF
        rows.append(bytes(line))
        prev = line
    return width, height, rows


def ink_share(png: bytes) -> tuple[float, int]:
    """(share of pixels that differ from the most common colour, number of distinct colours)."""
    width, height, rows = png_pixels(png)
    channels = len(rows[0]) // width if rows else 3
    colours: Counter[bytes] = Counter()
    for row in rows:
        for x in range(0, len(row), channels):
            colours[row[x : x + 3]] += 1
    total = width * height
    background = colours.most_common(1)[0][1] if colours else total
    return (total - background) / total if total else 0.0, len(colours)
