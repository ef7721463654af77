"""A webhook from Holm verifies as Standard Webhooks describes it. docs/python.md recommends the
`standardwebhooks` package; this test checks the same signature by hand, with the secret file's
form (whsec_ and base64, a trailing newline) that the receiver reads."""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import queue
import time

from conftest import STRONG_PASSWORD, unique_email

from holm_client import Holm


def signature_matches(secret_file_text: str, headers: dict[str, str], body: bytes) -> bool:
    key = base64.b64decode(secret_file_text.strip().removeprefix("whsec_"))
    signed = f"{headers['webhook-id']}.{headers['webhook-timestamp']}.".encode() + body
    expected = base64.b64encode(hmac.new(key, signed, hashlib.sha256).digest()).decode()
    return any(
        hmac.compare_digest(expected, part.split(",", 1)[1]) for part in headers["webhook-signature"].split() if part.startswith("v1,")
    )


def test_webhook_of_a_new_user_verifies(holm: Holm, holm_server) -> None:
    user = holm.create_user(email=unique_email("hooked"), password=STRONG_PASSWORD)
    secret_text = "whsec_" + base64.b64encode(holm_server.webhook_secret).decode() + "\n"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            headers, body = holm_server.webhooks.deliveries.get(timeout=1)
        except queue.Empty:
            continue
        event = json.loads(body)
        if event["user_id"] != user.id:
            continue
        assert event["type"] == "user_created" and headers["webhook-id"] == event["id"]
        assert abs(int(headers["webhook-timestamp"]) - time.time()) < 60
        assert signature_matches(secret_text, headers, body)
        assert not signature_matches(secret_text, headers, body.replace(user.id.encode(), b"x" * 24))
        return
    raise AssertionError("no webhook for the new user within 20 s")
