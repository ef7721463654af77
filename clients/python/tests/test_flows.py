"""Every flow of docs/python.md, through the facade, against a real Holm."""

from __future__ import annotations

import base64
import hashlib
import hmac
import secrets
import struct
import time

import pytest
from conftest import STRONG_PASSWORD, unique_email

from holm_client import Holm, HolmError, UserPage, models


def totp_code(key: str, at: float) -> str:
    """RFC 6238 with SHA-1, 6 digits, 30-second steps: what an authenticator app shows."""
    digest = hmac.new(base64.b64decode(key), struct.pack(">Q", int(at // 30)), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    return f"{(struct.unpack('>I', digest[offset : offset + 4])[0] & 0x7FFFFFFF) % 1_000_000:06d}"


def test_sign_up_and_sign_in(holm: Holm) -> None:
    email = unique_email()
    user = holm.create_user(email=email, password=STRONG_PASSWORD)
    assert isinstance(user, models.User)
    assert (user.email, user.email_verified, user.totp_registered) == (email, False, False)

    signed_in = holm.authenticate_with_password(email=email, password=STRONG_PASSWORD)
    assert signed_in.id == user.id
    assert holm.verify_password(user.id, password=STRONG_PASSWORD) is None
    with pytest.raises(HolmError) as wrong:
        holm.authenticate_with_password(email=email, password="not the password at all")
    assert (wrong.value.code, wrong.value.status, wrong.value.retry_after) == ("INCORRECT_PASSWORD", 400, None)

    holm.update_password(user.id, password=STRONG_PASSWORD, new_password="another long passphrase 7")
    assert holm.authenticate_with_password(email=email, password="another long passphrase 7").id == user.id


def test_sessions_sign_out_and_sign_out_everywhere_else(holm: Holm) -> None:
    user = holm.create_user(email=unique_email(), password=STRONG_PASSWORD)
    laptop = holm.create_session(user.id, client_ip="192.0.2.1", user_agent="Laptop")
    phone = holm.create_session(user.id, client_ip="192.0.2.2", user_agent="Phone")
    tablet = holm.create_session(user.id, user_agent="Tablet")
    validated = holm.validate_session(token=laptop.token)
    assert (validated.session.id, validated.user.id) == (laptop.session.id, user.id)
    # One class per model: a session is a models.Session wherever an answer nests it.
    assert isinstance(laptop.session, models.Session) and isinstance(validated.session, models.Session)
    assert isinstance(validated.user, models.User)

    holm.delete_session(tablet.session.id)
    # `except` is a Python keyword: the argument is except_.
    holm.delete_user_sessions(user.id, except_=laptop.session.id)
    assert [session.id for session in holm.list_user_sessions(user.id)] == [laptop.session.id]
    with pytest.raises(HolmError) as ended:
        holm.validate_session(token=phone.token)
    assert (ended.value.code, ended.value.status) == ("NOT_FOUND", 404)


def test_password_reset(holm: Holm) -> None:
    email = unique_email()
    user = holm.create_user(email=email, password=STRONG_PASSWORD)
    found = holm.list_users(email=email)
    assert [u.id for u in found.users] == [user.id]

    request = holm.create_password_reset_request(user.id)
    assert isinstance(request, models.CreatedPasswordResetRequest) and len(request.code) == 8
    assert [r.id for r in holm.list_user_password_reset_requests(user.id)] == [request.id]
    with pytest.raises(HolmError) as early:
        holm.reset_password(request_id=request.id, password="a brand new passphrase 3")
    assert early.value.code == "INVALID_REQUEST"

    holm.verify_password_reset_request_email(request.id, code=request.code.lower())
    assert holm.get_password_reset_request(request.id).email_verified is True
    holm.reset_password(request_id=request.id, password="a brand new passphrase 3")
    assert holm.authenticate_with_password(email=email, password="a brand new passphrase 3").email_verified is True
    with pytest.raises(HolmError) as used:
        holm.get_password_reset_request(request.id)
    assert (used.value.code, used.value.status) == ("NOT_FOUND", 404)


def test_email_sign_in(holm: Holm) -> None:
    email = unique_email()
    request = holm.create_email_sign_in(email=email)
    assert isinstance(request, models.CreatedEmailSignInRequest) and len(request.code) == 8
    assert request.user_id is None
    assert holm.get_email_sign_in(request.id).email == email
    with pytest.raises(HolmError) as wrong:
        holm.verify_email_sign_in(request.id, code="WRONG234")
    assert wrong.value.code == "INCORRECT_CODE"
    signed_up = holm.verify_email_sign_in(request.id, code=request.code.lower(), create_user=True)
    assert signed_up.created is True and signed_up.user.email_verified is True and signed_up.user.password_leaked is False
    assert isinstance(signed_up.user, models.User)

    again = holm.create_email_sign_in(email=email)
    assert again.user_id == signed_up.user.id
    assert holm.verify_email_sign_in(again.id, code=again.code).user.id == signed_up.user.id
    with pytest.raises(HolmError) as used:
        holm.verify_email_sign_in(again.id, code=again.code)
    assert used.value.code == "INVALID_REQUEST"
    last = holm.create_email_sign_in(email=email)
    holm.delete_email_sign_in(last.id)
    with pytest.raises(HolmError) as gone:
        holm.get_email_sign_in(last.id)
    assert (gone.value.code, gone.value.status) == ("NOT_FOUND", 404)


def test_email_verification_and_update(holm: Holm) -> None:
    user = holm.create_user(email=unique_email(), password=STRONG_PASSWORD)
    request = holm.create_email_verification_request(user.id)
    assert holm.get_email_verification_request(user.id).code == request.code
    with pytest.raises(HolmError) as incorrect:
        holm.verify_email(user.id, code="AAAAAAAA" if request.code != "AAAAAAAA" else "BBBBBBBB")
    assert incorrect.value.code == "INCORRECT_CODE"
    holm.verify_email(user.id, code=request.code)
    assert holm.get_user(user.id).email_verified is True

    new_email = unique_email("moved")
    update = holm.create_email_update_request(user.id, email=new_email)
    assert [u.id for u in holm.list_user_email_update_requests(user.id)] == [update.id]
    assert holm.get_email_update_request(update.id).email == new_email
    verified = holm.verify_new_email(request_id=update.id, code=update.code)
    assert isinstance(verified, models.VerifiedEmail) and verified.email == new_email
    assert holm.get_user(user.id).email == new_email


def test_totp_and_recovery_code(holm: Holm) -> None:
    user = holm.create_user(email=unique_email(), password=STRONG_PASSWORD)
    key = base64.b64encode(secrets.token_bytes(20)).decode()
    now = time.time()
    credential = holm.register_totp(user.id, key=key, code=totp_code(key, now))
    assert (credential.user_id, credential.key) == (user.id, key)
    assert holm.get_user(user.id).totp_registered is True
    # The code that registered is used up; the next step's code is accepted (one step of drift).
    holm.verify_totp(user.id, code=totp_code(key, now + 30))
    with pytest.raises(HolmError) as replay:
        holm.verify_totp(user.id, code=totp_code(key, now + 30))
    assert replay.value.code == "INCORRECT_CODE"

    fresh = holm.reset_two_factor(user.id, recovery_code=user.recovery_code)
    assert isinstance(fresh, models.RecoveryCode) and fresh.recovery_code != user.recovery_code
    with pytest.raises(HolmError) as gone:
        holm.get_totp_credential(user.id)
    assert gone.value.code == "NOT_FOUND"
    regenerated = holm.regenerate_recovery_code(user.id)
    assert regenerated.recovery_code not in (user.recovery_code, fresh.recovery_code)


def test_passkey_ceremonies_without_a_browser(holm: Holm) -> None:
    user = holm.create_user(email=unique_email(), password=STRONG_PASSWORD)
    registration = holm.start_passkey_registration(user.id)
    options = registration.options.to_dict()
    assert options["rp"] == {"id": "localhost", "name": "localhost"}
    assert options["authenticatorSelection"]["residentKey"] == "required"
    # Wire names work as attributes too, where the generator renamed a field.
    assert registration.options.pubKeyCredParams == registration.options.pub_key_cred_params
    assert holm.list_user_passkeys(user.id) == []

    browser_answer = {
        "id": "AAAA",
        "rawId": "AAAA",
        "type": "public-key",
        "response": {"clientDataJSON": "e30", "attestationObject": "oA"},
        "clientExtensionResults": {},
    }
    with pytest.raises(HolmError) as refused:
        holm.verify_passkey_registration(registration.id, credential=browser_answer, name="Laptop")
    assert refused.value.code == "INVALID_CREDENTIAL"
    with pytest.raises(HolmError) as used:
        holm.verify_passkey_registration(registration.id, credential=browser_answer)
    assert used.value.code == "INVALID_REQUEST"

    sign_in = holm.start_passkey_authentication(user_id=user.id)
    assert sign_in.options.to_dict()["allowCredentials"] == []
    discoverable = holm.start_passkey_authentication()
    assert discoverable.options.to_dict()["allowCredentials"] == []
    with pytest.raises(HolmError) as missing:
        holm.get_passkey("a" * 24)
    assert missing.value.code == "NOT_FOUND"


def test_events(holm: Holm) -> None:
    email = unique_email()
    user = holm.create_user(email=email, password=STRONG_PASSWORD)
    holm.authenticate_with_password(email=email, password=STRONG_PASSWORD, client_ip="192.0.2.10")
    page = holm.list_user_events(user.id)
    assert isinstance(page, models.EventPage)
    assert [event.type for event in page.events] == ["user_created", "sign_in"]
    sign_in = page.events[1]
    assert sign_in.data["method"] == "password" and sign_in.client_ip == "v4:192.0.2.10"

    only = holm.list_events(user_id=user.id, type=["sign_in"])
    assert [event.id for event in only.events] == [sign_in.id]
    assert holm.list_events(user_id=user.id, after=only.next).events == []


def test_disable_and_enable(holm: Holm) -> None:
    email = unique_email()
    user = holm.create_user(email=email, password=STRONG_PASSWORD)
    session = holm.create_session(user.id)
    until = int(time.time()) + 3600
    disabled = holm.disable_user(user.id, reason="chargeback dispute", until=until)
    assert (disabled.disabled, disabled.disabled_until) == (True, until)
    with pytest.raises(HolmError) as refused:
        holm.authenticate_with_password(email=email, password=STRONG_PASSWORD)
    assert (refused.value.code, refused.value.status) == ("USER_DISABLED", 403)
    with pytest.raises(HolmError) as wrong:
        holm.authenticate_with_password(email=email, password="not the password at all")
    assert wrong.value.code == "INCORRECT_PASSWORD"
    with pytest.raises(HolmError) as ended:
        holm.validate_session(token=session.token)
    assert ended.value.code == "NOT_FOUND"

    enabled = holm.enable_user(user.id)
    assert (enabled.disabled, enabled.disabled_until) == (False, None)
    assert holm.authenticate_with_password(email=email, password=STRONG_PASSWORD).id == user.id
    types = [event.type for event in holm.list_user_events(user.id, type=["user_disabled", "user_enabled"]).events]
    assert types == ["user_disabled", "user_enabled"]


def test_import_and_delete(holm: Holm) -> None:
    email = unique_email("imported")
    salt = "seasalt"
    digest = hashlib.pbkdf2_hmac("sha256", b"imported passphrase 11", salt.encode(), 1000)
    django_hash = f"pbkdf2_sha256$1000${salt}${base64.b64encode(digest).decode()}"
    rows = [{"email": email, "email_verified": True, "password_hash": django_hash}, {"email": "not an email"}]

    result = holm.import_users(users=rows, on_conflict="skip")
    assert (result.created, result.skipped, result.failed) == (1, 0, 1)
    created, failed = result.results
    assert (created.status, failed.status, failed.error) == ("created", "failed", "INVALID_DATA")
    user = holm.authenticate_with_password(email=email, password="imported passphrase 11")
    assert user.id == created.user_id and user.email_verified is True

    again = holm.import_users(users=rows[:1], on_conflict="skip")
    assert (again.skipped, again.results[0].user_id) == (1, user.id)

    assert holm.delete_user(user.id) is None
    with pytest.raises(HolmError) as deleted:
        holm.get_user(user.id)
    assert (deleted.value.code, deleted.value.status) == ("NOT_FOUND", 404)


def test_paging(holm: Holm) -> None:
    tag = secrets.token_hex(5)
    ids = [holm.create_user(email=f"page{i}-{tag}@example.com", password=STRONG_PASSWORD).id for i in range(3)]
    first = holm.list_users(email_query=tag, per_page=2, sort_order="descending")
    assert isinstance(first, UserPage)
    assert (first.total, first.total_pages) == (3, 2)
    second = holm.list_users(email_query=tag, per_page=2, page=2, sort_order="descending")
    listed = first.users + second.users
    assert sorted(u.id for u in listed) == sorted(ids)
    # Newest first; users made within one second are ordered by id.
    assert [(u.created_at, u.id) for u in listed] == sorted(((u.created_at, u.id) for u in listed), reverse=True)
    assert holm.list_users(email_query=tag, per_page=2, page=3).users == []


def test_errors_carry_code_status_and_retry_after(holm: Holm, holm_server) -> None:
    with pytest.raises(HolmError) as weak:
        holm.create_user(email=unique_email(), password="short")
    assert (weak.value.code, weak.value.status) == ("INVALID_DATA", 400)

    with Holm(holm_server.url, "a-wrong-secret-of-enough-length") as stranger, pytest.raises(HolmError) as refused:
        stranger.get_user("a" * 24)
    assert (refused.value.code, refused.value.status) == ("NOT_AUTHENTICATED", 401)

    email = unique_email()
    holm.create_user(email=email, password=STRONG_PASSWORD)
    # Its own network: these guesses block the address, and test_guide.py counts up through 198.51.100.0/24.
    address = f"203.0.113.{secrets.randbelow(250) + 1}"
    codes = []
    for _ in range(7):
        try:
            holm.authenticate_with_password(email=email, password="wrong password guess", client_ip=address)
        except HolmError as error:
            codes.append(error)
    limited = [error for error in codes if error.code == "TOO_MANY_REQUESTS"]
    assert limited, [error.code for error in codes]
    assert limited[0].status == 400 and isinstance(limited[0].retry_after, int) and limited[0].retry_after > 0
    assert "retry after" in str(limited[0])


def test_health_metrics_and_document(holm: Holm) -> None:
    assert holm.get_health().status == "ok"
    assert "holm_" in holm.get_metrics()
    assert holm.get_open_api().openapi.startswith("3.")
