"""docs/python.md runs: its ```python run blocks, in order, in one namespace (as a module would hold
them), against the real Holm of conftest.py, with a send_email that keeps each mail here. The tests
then go through the guide's flows with the functions the blocks define, as an application would:
sign-up, sign-in and its second factor, email codes, reset, email change, TOTP and the recovery
code, sessions, events, import, listing, deletion, errors and asyncio. A block that stops
compiling, raises, or answers what its comments do not say fails here."""

from __future__ import annotations

import asyncio
import base64
import hashlib
import hmac
import itertools
import os
import re
import secrets
import struct
import time
from typing import Any, Iterator
from unittest import mock

import pytest
from conftest import ROOT, SECRET, STRONG_PASSWORD, RunningHolm, unique_email

GUIDE = ROOT / "docs" / "python.md"
NAMES = [
    "holm", "SignUpRefused", "sign_up", "sign_in", "pending_second_factor", "pending_user", "sign_in_with_totp",
    "start_session", "current_user", "sign_out", "sign_out_everywhere_else", "send_sign_in_code",
    "sign_in_with_code", "forgot_password", "check_reset_code", "reset_password", "send_verification_code",
    "confirm_email", "start_email_change", "confirm_email_change", "new_totp_key", "confirm_totp",
    "sign_in_with_recovery_code", "recent_activity", "read_feed", "import_from_old_system", "newest_users",
    "search", "delete_account", "check_code", "check_password_async",
]  # fmt: skip

# A client_ip of each flow's own, as the guide tells test suites to give.
addresses = (f"198.51.100.{n}" for n in itertools.count(1))
outbox: list[tuple[str, str]] = []


def run_blocks() -> list[tuple[int, str]]:
    """The ```python run blocks of docs/python.md, with the line each starts on."""
    text = GUIDE.read_text()
    return [(text.count("\n", 0, match.start()) + 2, match.group(1)) for match in re.finditer(r"```python run\n(.*?)```", text, re.S)]


def send_email(to: str, text: str) -> None:
    outbox.append((to, text))


def mailed_code(to: str) -> str:
    text = [body for address, body in outbox if address == to][-1]
    return re.search(r"Your code is ([A-Z0-9]+)\.", text).group(1)


def totp_code(key: str, at: float) -> str:
    """RFC 6238 with SHA-1, 6 digits, 30-second steps: what an authenticator app shows at `at`."""
    digest = hmac.new(base64.b64decode(key), struct.pack(">Q", int(at // 30)), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    return f"{(struct.unpack('>I', digest[offset : offset + 4])[0] & 0x7FFFFFFF) % 1_000_000:06d}"


@pytest.fixture(scope="module")
def guide(holm_server: RunningHolm) -> Iterator[dict[str, Any]]:
    environment = {"HOLM_URL": holm_server.url, "HOLM_SECRET": SECRET, "COOKIE_SECRET": secrets.token_hex(32)}
    with mock.patch.dict(os.environ, environment):
        namespace: dict[str, Any] = {"__name__": "guide", "send_email": send_email}
        for line, code in run_blocks():
            exec(compile(code, f"{GUIDE}, the block at line {line}", "exec"), namespace)
        try:
            yield namespace
        finally:
            namespace["holm"].close()


def test_the_guide_marks_its_flows_to_run(guide: dict[str, Any]) -> None:
    assert len(run_blocks()) >= 15
    assert [name for name in NAMES if name not in guide] == []
    # The blocks left unmarked: shell commands, and the framework wiring (FastAPI, Django) around the functions.
    unmarked = re.findall(r"```python\n(.*?)```", GUIDE.read_text(), re.S)
    for code in unmarked:
        assert re.search(r"fastapi|request\.|response\.|standardwebhooks", code), code


def signed_up(guide: dict[str, Any], email: str | None = None) -> tuple[str, str, str, str]:
    """A user signed up through the guide, address verified, and signed in: id, email, ip, token."""
    email = email or unique_email()
    ip = next(addresses)
    user_id = guide["sign_up"](email, STRONG_PASSWORD, ip)
    guide["confirm_email"](user_id, mailed_code(email))
    return user_id, email, ip, guide["sign_in"](email, STRONG_PASSWORD, ip)["session"]


def test_sign_up_the_emailed_code_and_sign_in(guide: dict[str, Any]) -> None:
    email = unique_email()
    ip = next(addresses)
    user_id = guide["sign_up"](email, STRONG_PASSWORD, ip)
    assert guide["holm"].get_user(user_id).email_verified is False
    guide["confirm_email"](user_id, mailed_code(email).lower())
    validated = guide["current_user"](guide["sign_in"](email, STRONG_PASSWORD, ip)["session"])
    assert (validated.user.id, validated.user.email_verified, validated.session.second_factor_verified_at) == (user_id, True, None)

    with pytest.raises(guide["SignUpRefused"], match="has an account"):
        guide["sign_up"](email, STRONG_PASSWORD, next(addresses))
    with pytest.raises(guide["SignUpRefused"], match="known leaks"):
        guide["sign_up"](unique_email(), "password123", next(addresses))
    assert guide["sign_in"](email, "not the password 1", next(addresses)) == {"error": "Wrong email or password."}
    assert guide["current_user"]("not a token") is None


def test_from_one_address_the_sixth_sign_in_in_a_row_is_refused_with_the_seconds_to_wait(guide: dict[str, Any]) -> None:
    _, email, _, _ = signed_up(guide)
    ip = next(addresses)
    answers = [guide["sign_in"](email, "not the password 1", ip) for _ in range(6)]
    assert answers[:5] == [{"error": "Wrong email or password."}] * 5
    assert re.fullmatch(r"Too many attempts: try again in [1-9]\d* seconds, or reset your password\.", answers[5]["error"])
    # Another address is not held up: the count is per client_ip (and per user, from 10).
    assert "session" in guide["sign_in"](email, STRONG_PASSWORD, next(addresses))


def test_totp_registered_asked_for_before_any_session_the_registering_code_refused_the_next_one_recorded(guide: dict[str, Any]) -> None:
    holm = guide["holm"]
    user_id, email, ip, _ = signed_up(guide)
    fresh = guide["new_totp_key"](email)
    key = base64.b64decode(fresh["key"])
    assert len(key) == 20
    assert base64.b32decode(fresh["base32"]) == key
    assert fresh["uri"] == f"otpauth://totp/Example:{email.replace('@', '%40')}?secret={fresh['base32']}&issuer=Example"

    assert "error" in guide["confirm_totp"](user_id, fresh["key"], totp_code(fresh["key"], time.time() + 300))
    registering = totp_code(fresh["key"], time.time())
    recovery_code = guide["confirm_totp"](user_id, fresh["key"], registering)["recovery_code"]

    sessions = len(holm.list_user_sessions(user_id))
    pending = guide["sign_in"](email, STRONG_PASSWORD, ip)
    assert list(pending) == ["second_factor_pending"]
    assert guide["pending_user"](pending["second_factor_pending"]) == user_id
    assert len(holm.list_user_sessions(user_id)) == sessions  # no session before the second factor

    # The code that registered the app was used then: refused, within its 30 seconds and after.
    assert guide["sign_in_with_totp"](pending["second_factor_pending"], registering, ip) == {"error": "Wrong code."}
    # A pending value this application did not sign, or one for another user, signs no one in.
    purpose, _, expires, signature = pending["second_factor_pending"].split(".")
    for forged in (None, "", f"{purpose}.{user_id}.{expires}.{'0' * 64}", f"{purpose}.{'a' * 24}.{expires}.{signature}"):
        assert guide["sign_in_with_totp"](forged, totp_code(fresh["key"], time.time() + 30), ip) == {"error": "Sign in again."}
    # The next step's code: within the drift Holm allows, and after the one used.
    signed_in = guide["sign_in_with_totp"](pending["second_factor_pending"], totp_code(fresh["key"], time.time() + 30), ip)
    validated = guide["current_user"](signed_in["session"])
    assert validated.user.id == user_id
    assert validated.session.second_factor_verified_at is not None

    # An emailed code is a first factor too: the same second step follows.
    request_id = guide["send_sign_in_code"](email, ip)
    by_code = guide["sign_in_with_code"](request_id, mailed_code(email), ip)
    assert list(by_code) == ["second_factor_pending"]

    # The phone is lost: the recovery code turns TOTP off and signs in, with a new recovery code.
    recovered = guide["sign_in_with_recovery_code"](by_code["second_factor_pending"], recovery_code, ip)
    assert recovered["new_recovery_code"] != recovery_code
    assert guide["current_user"](recovered["session"]).session.second_factor_verified_at is not None
    assert holm.get_user(user_id).totp_registered is False
    assert guide["current_user"](signed_in["session"]) is None  # Holm ended the other sessions


def test_five_wrong_totp_codes_lock_the_check_and_the_answer_says_for_how_long(guide: dict[str, Any]) -> None:
    user_id, email, ip, _ = signed_up(guide)
    fresh = guide["new_totp_key"](email)
    guide["confirm_totp"](user_id, fresh["key"], totp_code(fresh["key"], time.time()))
    pending = guide["pending_second_factor"](user_id)
    wrong = totp_code(fresh["key"], time.time() + 300)  # never within the drift
    assert [guide["sign_in_with_totp"](pending, wrong, ip) for _ in range(5)] == [{"error": "Wrong code."}] * 5
    locked = guide["sign_in_with_totp"](pending, totp_code(fresh["key"], time.time() + 30), ip)
    assert re.fullmatch(r"Too many wrong codes: try again in (899|900) seconds, or use your recovery code\.", locked["error"])
    assert guide["check_code"](user_id, wrong) == "Too many attempts: try again in 15 minutes."


def test_sign_in_by_email_code_signs_an_address_up_and_in(guide: dict[str, Any]) -> None:
    email = unique_email()
    ip = next(addresses)
    signed_in = guide["sign_in_with_code"](guide["send_sign_in_code"](email, ip), mailed_code(email), ip)
    assert signed_in["welcome"] is True
    assert guide["current_user"](signed_in["session"]).user.email == email


def test_a_password_reset_ends_every_earlier_session_in_holm(guide: dict[str, Any]) -> None:
    _, email, _, token = signed_up(guide)
    ip = next(addresses)
    assert guide["forgot_password"](unique_email(), ip) is None
    request_id = guide["forgot_password"](email, ip)
    guide["check_reset_code"](request_id, mailed_code(email), ip)
    guide["reset_password"](request_id, "a new passphrase for the reset 8", ip)
    assert guide["current_user"](token) is None
    assert "session" in guide["sign_in"](email, "a new passphrase for the reset 8", ip)


def test_an_email_change_keeps_the_session_it_was_made_on_and_ends_the_others(guide: dict[str, Any]) -> None:
    user_id, email, ip, token = signed_up(guide)
    other = guide["sign_in"](email, STRONG_PASSWORD, ip)["session"]
    new_email = unique_email()
    request_id = guide["start_email_change"](user_id, new_email, ip)
    current = guide["current_user"](token).session
    assert guide["confirm_email_change"](request_id, mailed_code(new_email), current.id) == new_email
    assert guide["current_user"](token).user.email == new_email
    assert guide["current_user"](other) is None
    taken = guide["holm"].create_user(email=unique_email(), password=STRONG_PASSWORD)
    assert guide["start_email_change"](user_id, taken.email, ip) is None


def test_sessions_sign_out_everywhere_else_then_sign_out(guide: dict[str, Any]) -> None:
    user_id, email, ip, token = signed_up(guide)
    phone = guide["sign_in"](email, STRONG_PASSWORD, ip)["session"]
    laptop = guide["current_user"](token).session
    assert [session.id for session in guide["sign_out_everywhere_else"](user_id, laptop.id)] == [laptop.id]
    assert guide["current_user"](phone) is None
    guide["sign_out"](laptop.id)
    assert guide["current_user"](token) is None
    assert re.fullmatch(r"[a-z0-9]{24}\.[a-z0-9]{40}", guide["start_session"](user_id, ip, "Firefox"))


def test_events_import_listing_deleting_and_asyncio(guide: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    user_id, email, ip, _ = signed_up(guide)
    assert "sign_in" in [what for _, what, _, _ in guide["recent_activity"](user_id)]
    guide["sign_in"](email, "not the password 1", ip)
    handled: list[Any] = []
    cursor = guide["read_feed"](None, handled.extend)
    assert "sign_in_failed" in [event.type for event in handled]
    assert guide["read_feed"](cursor, handled.extend) is not None

    rows = [{"email": unique_email(), "email_verified": True, "password_hash": None} for _ in range(2)]
    assert guide["import_from_old_system"](rows) is True
    assert guide["import_from_old_system"](rows) is True  # skip: a re-run converges
    assert rows[0]["email"] in capsys.readouterr().out
    assert guide["import_from_old_system"]([{"email": "not an address"}]) is False

    newest = guide["newest_users"](1)
    assert rows[1]["email"] in newest["emails"] and newest["total"] >= 3
    assert user_id in [user.id for user in guide["search"](email[:12].upper())]
    assert asyncio.run(guide["check_password_async"](email, STRONG_PASSWORD, next(addresses))).id == user_id

    from holm_client import HolmError

    with pytest.raises(HolmError) as refused:
        guide["delete_account"](user_id, "not the password 1")
    assert refused.value.code == "INCORRECT_PASSWORD"
    guide["delete_account"](user_id, STRONG_PASSWORD)
    with pytest.raises(HolmError) as gone:
        guide["holm"].get_user(user_id)
    assert gone.value.code == "NOT_FOUND"

