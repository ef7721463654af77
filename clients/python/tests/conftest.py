"""Starts one real Holm for the whole session: the executable HOLM_EXECUTABLE names (CI's built
dist/holm), else `bun src/main.ts serve` from this checkout, on a temp dir and a free port, with
passkeys on and webhooks sent to a receiver in this process. Never a dist/holm merely found there:
it may be stale (built from an earlier checkout), and `npm test` runs this part while the SQLite
part's test/e2e/executable.test.ts rebuilds that very file."""

from __future__ import annotations

import base64
import json
import os
import queue
import secrets
import subprocess
import tempfile
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any, Iterator

import pytest

from holm_client import Holm

ROOT = Path(__file__).resolve().parents[3]
SECRET = "python-client-test-secret-0123456789"
STRONG_PASSWORD = "correct horse battery staple 42"


class WebhookReceiver:
    """Records every POST it gets: headers and body, as Holm sent them."""

    def __init__(self) -> None:
        self.deliveries: queue.Queue[tuple[dict[str, str], bytes]] = queue.Queue()
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:  # noqa: N802 (the name http.server calls)
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                receiver.deliveries.put(({k.lower(): v for k, v in self.headers.items()}, body))
                self.send_response(204)
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/holm-events"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()


def holm_command() -> list[str]:
    executable = os.environ.get("HOLM_EXECUTABLE")
    if executable:
        if not (Path(executable).is_file() and os.access(executable, os.X_OK)):
            raise RuntimeError(f"HOLM_EXECUTABLE={executable} is not an executable file")
        return [executable]
    return [str(ROOT / "node_modules" / ".bin" / "bun"), str(ROOT / "src" / "main.ts")]


class RunningHolm:
    def __init__(self, url: str, webhooks: WebhookReceiver, webhook_secret: bytes) -> None:
        self.url = url
        self.webhooks = webhooks
        self.webhook_secret = webhook_secret


@pytest.fixture(scope="session")
def holm_server() -> Iterator[RunningHolm]:
    receiver = WebhookReceiver()
    webhook_secret = secrets.token_bytes(32)
    with tempfile.TemporaryDirectory(prefix="holm-python-") as data:
        secret_file = Path(data) / "webhook-secret"
        # Written with a trailing newline, as `echo … > file` does.
        secret_file.write_text("whsec_" + base64.b64encode(webhook_secret).decode() + "\n")
        secret_file.chmod(0o600)
        arguments = ["serve", "--dir", str(Path(data) / "holm_data"), "--port", "0", "--log-format", "json"]
        arguments += ["--passkey-rp-id", "localhost", "--passkey-origin", "http://localhost:8080"]
        arguments += ["--webhook-url", receiver.url, "--webhook-secret-file", str(secret_file)]
        process = subprocess.Popen(
            holm_command() + arguments,
            cwd=ROOT,
            env={**os.environ, "HOLM_SECRET": SECRET},
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        assert process.stdout is not None
        url = None
        seen: list[str] = []
        for line in process.stdout:
            seen.append(line)
            entry = json.loads(line) if line.startswith("{") else {}
            if entry.get("message") == "holm is listening":
                url = entry["url"]
                break
        if url is None:
            process.kill()
            raise RuntimeError("Holm did not start:\n" + "".join(seen))
        # Keep reading its log so that it never blocks on a full pipe.
        threading.Thread(target=lambda: [None for _ in process.stdout], daemon=True).start()  # type: ignore[union-attr]
        try:
            yield RunningHolm(url, receiver, webhook_secret)
        finally:
            process.terminate()
            process.wait(timeout=15)
            receiver.server.shutdown()


@pytest.fixture
def holm(holm_server: RunningHolm) -> Iterator[Holm]:
    with Holm(holm_server.url, SECRET) as client:
        yield client


def unique_email(label: str = "user") -> str:
    return f"{label}-{secrets.token_hex(6)}@example.com"
