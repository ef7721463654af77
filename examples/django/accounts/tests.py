"""The example's flows against the real Holm of HOLM_URL and HOLM_SECRET, through Django's test
client: sign-up and its address's verification, sign-in, TOTP and its step at sign-in, the session
cookie and its middleware, sign-out and sign-out everywhere."""

import base64
import contextlib
import hashlib
import hmac
import itertools
import re
import secrets
import struct
import time
from unittest import mock
from urllib.parse import unquote

from django.core import mail
from django.test import Client, SimpleTestCase

from holm_client import HolmError

from .holm import holm
from .sessions import COOKIE

PASSWORD = "correct horse battery staple 42"
# The browser that signed up keeps this cookie until it types back the mailed code.
PENDING_COOKIE = "pending_verification"
# Each client gets its own address, so that Holm's per-address limits of one test never meet another's.
addresses = (f"198.51.100.{n}" for n in itertools.count(1))


def new_client() -> Client:
    return Client(REMOTE_ADDR=next(addresses))


def new_email() -> str:
    return f"django-{secrets.token_hex(6)}@example.com"


def mailed(email: str) -> str:
    """The body of the last message sent to that address (Django's test outbox)."""
    return [m for m in mail.outbox if m.to == [email]][-1].body


def mailed_code(email: str) -> str:
    return re.search(r"Your code is ([A-Z0-9]{8})\.", mailed(email)).group(1)


def start_sign_up(client: Client, email: str, **extra):
    """The sign-up form alone: the address is not verified yet."""
    return client.post("/sign-up", {"email": email, "password": PASSWORD}, **extra)


def sign_up(client: Client, email: str, **extra):
    """Sign-up, and the mailed code typed back in the same browser."""
    start_sign_up(client, email, **extra)
    return client.post("/verify-email", {"code": mailed_code(email)}, **extra)


class SignUpAndSignIn(SimpleTestCase):
    def test_sign_up_signs_in_once_the_address_is_verified_with_a_cookie_scripts_cannot_read(self):
        client = new_client()
        email = new_email()
        response = sign_up(client, email)
        self.assertRedirects(response, "/", fetch_redirect_response=False)
        cookie = response.cookies[COOKIE]
        self.assertTrue(cookie["httponly"])
        self.assertEqual(cookie["samesite"], "Lax")
        self.assertFalse(cookie["secure"])  # served over plain http here
        self.assertContains(client.get("/"), f"Signed in as <strong>{email}</strong>")

    def test_the_cookie_is_secure_when_served_over_https(self):
        client = new_client()
        email = new_email()
        self.assertTrue(start_sign_up(client, email, secure=True).cookies[PENDING_COOKIE]["secure"])
        response = client.post("/verify-email", {"code": mailed_code(email)}, secure=True)
        self.assertTrue(response.cookies[COOKIE]["secure"])

    def test_a_taken_email_or_a_leaked_password_is_said_plainly(self):
        client = new_client()
        email = new_email()
        sign_up(client, email)
        self.assertContains(start_sign_up(new_client(), email), "That address has an account", status_code=400)
        leaked = new_client().post("/sign-up", {"email": new_email(), "password": "password123"})
        self.assertContains(leaked, "appears in known leaks", status_code=400)
        self.assertNotIn(COOKIE, leaked.cookies)

    def test_sign_in_with_a_password(self):
        email = new_email()
        sign_up(new_client(), email)
        client = new_client()
        response = client.post("/sign-in", {"email": email, "password": PASSWORD})
        self.assertRedirects(response, "/", fetch_redirect_response=False)
        self.assertContains(client.get("/"), f"Signed in as <strong>{email}</strong>")

    def test_a_wrong_password_and_an_unknown_email_get_the_same_answer(self):
        email = new_email()
        sign_up(new_client(), email)
        wrong = new_client().post("/sign-in", {"email": email, "password": "not the password 1"})
        unknown = new_client().post("/sign-in", {"email": new_email(), "password": PASSWORD})
        for response in (wrong, unknown):
            self.assertContains(response, "Wrong email or password.", status_code=400)
            self.assertNotIn(COOKIE, response.cookies)


class VerifyTheAddressFirst(SimpleTestCase):
    """Anyone can sign up with another person's address. Until the address is proved, in the browser
    that signed up, that browser holds no session: nothing can be set up on the account."""

    def test_sign_up_does_not_sign_in_before_the_address_is_verified(self):
        client = new_client()
        email = new_email()
        response = start_sign_up(client, email)
        self.assertContains(response, f"We sent a code to {email}")
        self.assertNotIn(COOKIE, response.cookies)
        pending = response.cookies[PENDING_COOKIE]
        self.assertTrue(pending["httponly"])
        self.assertEqual(pending["samesite"], "Lax")
        self.assertContains(client.get("/"), "Not signed in.")  # no page for a passkey or TOTP either

        response = client.post("/verify-email", {"code": mailed_code(email)})
        self.assertRedirects(response, "/", fetch_redirect_response=False)
        self.assertEqual(response.cookies[PENDING_COOKIE].value, "")
        self.assertContains(client.get("/"), f"Signed in as <strong>{email}</strong>")
        user_id = holm.validate_session(token=client.cookies[COOKIE].value).user.id
        self.assertTrue(holm.get_user(user_id).email_verified)

    def test_a_wrong_code_is_refused_and_the_right_one_still_works(self):
        client = new_client()
        email = new_email()
        start_sign_up(client, email)
        wrong = client.post("/verify-email", {"code": "AAAAAAAA"})
        self.assertContains(wrong, "Wrong code.", status_code=400)
        self.assertNotIn(COOKIE, wrong.cookies)
        client.post("/verify-email", {"code": mailed_code(email)})
        self.assertContains(client.get("/"), "Signed in as")

    def test_the_code_is_refused_in_another_browser(self):
        signed_up = new_client()
        email = new_email()
        start_sign_up(signed_up, email)
        code = mailed_code(email)
        user_id = holm.list_users(email=email).users[0].id
        other = new_client()
        forged = new_client()
        forged.cookies[PENDING_COOKIE] = user_id  # not signed by this site
        for client in (other, forged):
            response = client.post("/verify-email", {"code": code})
            self.assertContains(response, "in the browser where you signed up", status_code=400)
            self.assertNotIn(COOKIE, response.cookies)
            self.assertContains(client.get("/"), "Not signed in.")
        self.assertFalse(holm.get_user(user_id).email_verified)
        signed_up.post("/verify-email", {"code": code})  # the code was never used up
        self.assertContains(signed_up.get("/"), f"Signed in as <strong>{email}</strong>")

    def test_password_sign_in_of_an_unverified_user_asks_for_a_code_first(self):
        email = new_email()
        start_sign_up(new_client(), email)
        client = new_client()
        response = client.post("/sign-in", {"email": email, "password": PASSWORD})
        self.assertContains(response, f"We sent a code to {email}")
        self.assertNotIn(COOKIE, response.cookies)
        self.assertContains(client.get("/"), "Not signed in.")
        client.post("/verify-email", {"code": mailed_code(email)})
        self.assertContains(client.get("/"), f"Signed in as <strong>{email}</strong>")


def mailed_link(email: str) -> str:
    return re.search(r"(http://testserver/sign-in/email/link\?\S+)", mailed(email)).group(1)


def blocked_user():
    """A user whose password checks Holm blocks, after 10 wrong passwords."""
    user = holm.create_user(email=new_email(), password=PASSWORD)
    for _ in range(10):
        with contextlib.suppress(HolmError):
            holm.verify_password(user.id, password="not the password 1")
    return user


def password_blocked(user_id: str) -> bool:
    try:
        holm.verify_password(user_id, password=PASSWORD)
    except HolmError as error:
        return error.code == "TOO_MANY_REQUESTS"
    return False


class EmailCodeSignIn(SimpleTestCase):
    def test_an_emailed_code_signs_in(self):
        email = new_email()
        sign_up(new_client(), email)
        client = new_client()
        self.assertContains(client.post("/sign-in/email", {"email": email}), f"We sent a code to {email}")
        response = client.post("/sign-in/email/code", {"code": mailed_code(email)})
        self.assertRedirects(response, "/", fetch_redirect_response=False)
        self.assertTrue(response.cookies[COOKIE]["httponly"])
        self.assertContains(client.get("/"), f"Signed in as <strong>{email}</strong>")

    def test_an_emailed_code_signs_a_new_address_up(self):
        email = new_email()
        client = new_client()
        client.post("/sign-in/email", {"email": email})
        client.post("/sign-in/email/code", {"code": mailed_code(email).lower()})
        self.assertContains(client.get("/"), f"Signed in as <strong>{email}</strong>")

    def test_the_page_says_the_same_whether_or_not_the_address_has_an_account(self):
        known = new_email()
        sign_up(new_client(), known)
        unknown = new_email()
        answers = [new_client().post("/sign-in/email", {"email": email}) for email in (known, unknown)]
        pages = [
            re.sub(r'name="csrfmiddlewaretoken" value="[^"]*"', "", answer.content.decode().replace(email, "EMAIL"))
            for answer, email in zip(answers, (known, unknown))
        ]
        self.assertEqual(pages[0], pages[1])

    def test_a_wrong_code_is_refused_and_the_right_one_still_works(self):
        email = new_email()
        client = new_client()
        client.post("/sign-in/email", {"email": email})
        wrong = client.post("/sign-in/email/code", {"code": "AAAAAAAA"})
        self.assertContains(wrong, "Wrong code.", status_code=400)
        self.assertNotIn(COOKIE, wrong.cookies)
        client.post("/sign-in/email/code", {"code": mailed_code(email)})
        self.assertContains(client.get("/"), "Signed in as")

    def test_a_code_is_used_up_by_its_sign_in(self):
        email = new_email()
        client = new_client()
        client.post("/sign-in/email", {"email": email})
        code = mailed_code(email)
        request_id = client.cookies["email_sign_in"].value
        client.post("/sign-in/email/code", {"code": code})
        replay = new_client()
        replay.cookies["email_sign_in"] = request_id
        response = replay.post("/sign-in/email/code", {"code": code})
        self.assertContains(response, "ask for a new one", status_code=400)
        self.assertNotIn(COOKIE, response.cookies)


    def test_a_mailed_link_asks_another_browser_for_the_code(self):
        email = new_email()
        sign_up(new_client(), email)
        asked = new_client()
        asked.post("/sign-in/email", {"email": email})
        link = mailed_link(email)

        other = new_client()
        response = other.get(link)
        self.assertContains(response, "type the code from the email there", status_code=400)
        self.assertNotIn(COOKIE, response.cookies)
        self.assertContains(other.get("/"), "Not signed in.")

        # The browser that asked: the link's page signs in only with its button (mail scanners GET links).
        page = asked.get(link)
        self.assertContains(page, "<button>Sign in</button>")
        self.assertNotIn(COOKIE, page.cookies)
        self.assertContains(asked.get("/"), "Not signed in.")
        asked.post("/sign-in/email/code", {"code": re.search(r'name="code" value="([^"]+)"', page.content.decode()).group(1)})
        self.assertContains(asked.get("/"), f"Signed in as <strong>{email}</strong>")

    def test_a_forged_request_cookie_never_reaches_holm(self):
        # Audit finding F1: the request's id came from the cookie as it was, into the URL's path.
        victim = blocked_user()
        self.assertTrue(password_blocked(victim.id))
        client = Client(raise_request_exception=False, REMOTE_ADDR=next(addresses))
        client.cookies["email_sign_in"] = f"../users/{victim.id}/unblock?"
        with mock.patch.object(holm, "verify_email_sign_in", wraps=holm.verify_email_sign_in) as verify:
            response = client.post("/sign-in/email/code", {"code": "AAAAAAAA"})
            link = client.get(f"/sign-in/email/link?id=../users/{victim.id}/unblock%3F&code=AAAAAAAA")
        self.assertTrue(password_blocked(victim.id), "the forged cookie unblocked the victim")
        verify.assert_not_called()
        self.assertContains(response, "Ask for a code first", status_code=400)
        self.assertEqual(link.status_code, 400)

    def test_a_claimed_account_says_what_was_removed(self):
        # Someone made an account with the owner's address and a password of their own, and never
        # proved the address. The owner's first email code claims it: Holm removes what the maker
        # set and answers claimed: true, and the example says so.
        email = new_email()
        maker_password = "the maker's own passphrase 1"
        holm.create_user(email=email, password=maker_password)
        client = new_client()
        client.post("/sign-in/email", {"email": email})
        response = client.post("/sign-in/email/code", {"code": mailed_code(email)})
        self.assertContains(response, "anything set up before was removed")
        self.assertTrue(response.cookies[COOKIE]["httponly"])
        self.assertContains(client.get("/"), f"Signed in as <strong>{email}</strong>")
        maker = new_client()
        maker.post("/sign-in", {"email": email, "password": maker_password})
        self.assertNotContains(maker.get("/"), "Signed in as")

    def test_a_disabled_account_is_told_so_only_after_a_right_password_or_code(self):
        # An operator disabled the account: Holm answers USER_DISABLED once the credential proved
        # right, and the page says so (403) instead of failing; a wrong password reads as ever.
        email = new_email()
        sign_up(new_client(), email)
        user_id = holm.list_users(email=email).users[0].id
        holm.disable_user(user_id, reason="abuse report")
        client = new_client()
        self.assertContains(client.post("/sign-in", {"email": email, "password": PASSWORD}), "This account is disabled", status_code=403)
        self.assertContains(client.post("/sign-in", {"email": email, "password": "not the password 1"}), "Wrong email or password.", status_code=400)
        client.post("/sign-in/email", {"email": email})
        self.assertContains(client.post("/sign-in/email/code", {"code": mailed_code(email)}), "This account is disabled", status_code=403)
        self.assertNotContains(client.get("/"), "Signed in as")


def totp_code(key: str, steps: int = 0) -> str:
    """RFC 6238 (SHA-1, 6 digits, 30-second steps) for the base32 `key`, `steps` steps from now:
    what an authenticator app shows."""
    counter = int(time.time() // 30) + steps
    digest = hmac.new(base64.b32decode(key + "=" * (-len(key) % 8)), struct.pack(">Q", counter), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    return f"{(struct.unpack('>I', digest[offset : offset + 4])[0] & 0x7FFFFFFF) % 1_000_000:06d}"


def shown_key(page) -> str:
    return re.search(r"<code>([A-Z2-7]+)</code>", page.content.decode()).group(1)


def with_totp(email: str):
    """A signed-up user who turned TOTP on through /totp with the code of the current step: the
    browser, the key (base32) and that code."""
    client = new_client()
    sign_up(client, email)
    key = shown_key(client.get("/totp"))
    registering = totp_code(key)
    done = client.post("/totp", {"code": registering})
    assert "Your recovery code is" in done.content.decode(), done.content
    return client, key, registering


def session_count(email: str) -> int:
    return len(holm.list_user_sessions(holm.list_users(email=email).users[0].id))


class Totp(SimpleTestCase):
    def test_a_signed_in_user_turns_totp_on_with_the_key_shown_and_a_code_and_gets_the_recovery_code(self):
        email = new_email()
        client = new_client()
        sign_up(client, email)
        self.assertContains(client.get("/"), '<a href="/totp">Turn on two-factor authentication</a>')
        page = client.get("/totp")
        self.assertTrue(page.cookies["totp_key"]["httponly"])
        key = shown_key(page)
        uri = re.search(r'<a href="(otpauth:[^"]+)">', page.content.decode()).group(1).replace("&amp;", "&")
        self.assertEqual(unquote(uri), f"otpauth://totp/Holm example:{email}?secret={key}&issuer=Holm example")

        wrong = client.post("/totp", {"code": totp_code(key, 10)})  # never within the drift
        self.assertContains(wrong, "Wrong code", status_code=400)
        self.assertEqual(shown_key(wrong), key)  # the same key, to try again
        user_id = holm.list_users(email=email).users[0].id
        self.assertFalse(holm.get_user(user_id).totp_registered)

        done = client.post("/totp", {"code": totp_code(key)})
        self.assertContains(done, "Your recovery code is <strong>")
        self.assertEqual(done.cookies["totp_key"].value, "")
        self.assertTrue(holm.get_user(user_id).totp_registered)
        self.assertContains(client.get("/"), "Two-factor authentication is on.")
        self.assertContains(client.get("/totp"), "Two-factor authentication is on")

    def test_a_password_sign_in_asks_for_the_code_before_any_session_and_records_the_second_factor(self):
        email = new_email()
        _, key, registering = with_totp(email)
        sessions = session_count(email)
        client = new_client()
        asked = client.post("/sign-in", {"email": email, "password": PASSWORD})
        self.assertContains(asked, "Enter the 6-digit code your authenticator app shows")
        self.assertNotIn(COOKIE, asked.cookies)
        self.assertTrue(asked.cookies["pending_second_factor"]["httponly"])
        self.assertContains(client.get("/"), "Not signed in.")
        self.assertEqual(session_count(email), sessions)

        # The code that turned TOTP on was used then: within its 30 seconds, and after, it is refused.
        replayed = client.post("/sign-in/totp", {"code": registering})
        self.assertContains(replayed, "Wrong code", status_code=400)
        self.assertNotIn(COOKIE, replayed.cookies)

        # The next step's code is within the drift Holm allows, and comes after the one used.
        response = client.post("/sign-in/totp", {"code": totp_code(key, 1)})
        self.assertRedirects(response, "/", fetch_redirect_response=False)
        self.assertEqual(response.cookies["pending_second_factor"].value, "")
        session = holm.validate_session(token=client.cookies[COOKIE].value).session
        self.assertIsNotNone(session.second_factor_verified_at)
        self.assertContains(client.get("/"), f"Signed in as <strong>{email}</strong>")

    def test_an_emailed_code_asks_for_the_totp_code_too(self):
        email = new_email()
        _, key, _ = with_totp(email)
        client = new_client()
        client.post("/sign-in/email", {"email": email})
        asked = client.post("/sign-in/email/code", {"code": mailed_code(email)})
        self.assertContains(asked, "Enter the 6-digit code your authenticator app shows")
        self.assertNotIn(COOKIE, asked.cookies)
        client.post("/sign-in/totp", {"code": totp_code(key, 1)})
        session = holm.validate_session(token=client.cookies[COOKIE].value).session
        self.assertIsNotNone(session.second_factor_verified_at)

    def test_the_code_step_is_the_browsers_that_signed_in(self):
        email = new_email()
        _, key, _ = with_totp(email)
        user_id = holm.list_users(email=email).users[0].id
        signed_in = new_client()
        signed_in.post("/sign-in", {"email": email, "password": PASSWORD})
        # A pending_verification cookie is signed by this site too, and names a user: not for this step.
        verifying = new_client()
        start_sign_up(verifying, new_email())
        others = [new_client(), new_client(), new_client()]
        others[1].cookies["pending_second_factor"] = user_id
        others[2].cookies["pending_second_factor"] = verifying.cookies[PENDING_COOKIE].value
        for other in others:
            response = other.post("/sign-in/totp", {"code": totp_code(key, 1)})
            self.assertContains(response, "Sign in again", status_code=400)
            self.assertNotIn(COOKIE, response.cookies)
        signed_in.post("/sign-in/totp", {"code": totp_code(key, 1)})
        self.assertContains(signed_in.get("/"), "Signed in as")

    def test_five_wrong_codes_lock_the_step_and_the_page_says_for_how_long(self):
        email = new_email()
        _, key, _ = with_totp(email)
        client = new_client()
        client.post("/sign-in", {"email": email, "password": PASSWORD})
        wrong = totp_code(key, 10)  # never within the drift
        for _ in range(5):
            self.assertContains(client.post("/sign-in/totp", {"code": wrong}), "Wrong code", status_code=400)
        locked = client.post("/sign-in/totp", {"code": totp_code(key, 1)})
        self.assertContains(locked, "Too many attempts: try again in", status_code=400)
        self.assertNotIn(COOKIE, locked.cookies)

    def test_only_a_signed_in_user_with_a_verified_address_can_turn_totp_on(self):
        stranger = new_client()
        self.assertRedirects(stranger.get("/totp"), "/sign-in", fetch_redirect_response=False)
        self.assertRedirects(stranger.post("/totp", {"code": "123456"}), "/sign-in", fetch_redirect_response=False)
        # As an earlier version of this site gave at sign-up.
        user = holm.create_user(email=new_email(), password=PASSWORD)
        unverified = new_client()
        unverified.cookies[COOKIE] = holm.create_session(user.id).token
        self.assertRedirects(unverified.get("/totp"), "/sign-in", fetch_redirect_response=False)
        # A key cookie of another user's page is not this user's.
        one = new_client()
        sign_up(one, new_email())
        one.get("/totp")
        two = new_client()
        sign_up(two, new_email())
        two.cookies["totp_key"] = one.cookies["totp_key"].value
        self.assertContains(two.post("/totp", {"code": "123456"}), "Start again", status_code=400)


class SessionMiddleware(SimpleTestCase):
    def test_a_made_up_token_is_signed_out_and_its_cookie_cleared(self):
        client = new_client()
        for token in ("made-up", "a" * 24 + "." + "b" * 40, "x" * 5000):
            client.cookies[COOKIE] = token
            response = client.get("/")
            self.assertContains(response, "Not signed in.")
            self.assertEqual(response.cookies[COOKIE].value, "")

    def test_a_session_ended_in_holm_is_signed_out_on_the_next_request(self):
        client = new_client()
        sign_up(client, new_email())
        validated = holm.validate_session(token=client.cookies[COOKIE].value)
        holm.delete_session(validated.session.id)  # as the console or another device would
        self.assertContains(client.get("/"), "Not signed in.")


class SignOut(SimpleTestCase):
    def test_sign_out_ends_the_session_in_holm(self):
        client = new_client()
        sign_up(client, new_email())
        token = client.cookies[COOKIE].value
        response = client.post("/sign-out")
        self.assertRedirects(response, "/", fetch_redirect_response=False)
        self.assertEqual(response.cookies[COOKIE].value, "")
        with self.assertRaises(HolmError) as ended:
            holm.validate_session(token=token)
        self.assertEqual(ended.exception.code, "NOT_FOUND")
        self.assertContains(client.get("/"), "Not signed in.")

    def test_sign_out_everywhere_signs_out_the_other_devices(self):
        email = new_email()
        laptop = new_client()
        sign_up(laptop, email)
        phone = new_client()
        phone.post("/sign-in", {"email": email, "password": PASSWORD})
        self.assertContains(phone.get("/"), "Signed in as")

        laptop.post("/sign-out-everywhere")
        self.assertContains(laptop.get("/"), "Not signed in.")
        self.assertContains(phone.get("/"), "Not signed in.")

    def test_sign_out_needs_a_post_from_this_site(self):
        signed_up = new_client()
        sign_up(signed_up, new_email())
        client = Client(enforce_csrf_checks=True, REMOTE_ADDR=next(addresses))
        client.cookies[COOKIE] = signed_up.cookies[COOKIE].value
        self.assertEqual(client.get("/sign-out").status_code, 405)
        self.assertEqual(client.post("/sign-out").status_code, 403)  # no CSRF token
        self.assertContains(client.get("/"), "Signed in as")
