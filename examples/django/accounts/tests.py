"""The example's flows against the real Holm of HOLM_URL and HOLM_SECRET, through Django's test
client: sign-up, sign-in, the session cookie and its middleware, sign-out and sign-out everywhere."""

import itertools
import re
import secrets

from django.core import mail
from django.test import Client, SimpleTestCase

from holm_client import HolmError

from .holm import holm
from .sessions import COOKIE

PASSWORD = "correct horse battery staple 42"
# Each client gets its own address, so that Holm's per-address limits of one test never meet another's.
addresses = (f"198.51.100.{n}" for n in itertools.count(1))


def new_client() -> Client:
    return Client(REMOTE_ADDR=next(addresses))


def new_email() -> str:
    return f"django-{secrets.token_hex(6)}@example.com"


def sign_up(client: Client, email: str, **extra):
    return client.post("/sign-up", {"email": email, "password": PASSWORD}, **extra)


class SignUpAndSignIn(SimpleTestCase):
    def test_sign_up_signs_in_with_a_cookie_scripts_cannot_read(self):
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
        response = sign_up(new_client(), new_email(), secure=True)
        self.assertTrue(response.cookies[COOKIE]["secure"])

    def test_a_taken_email_or_a_leaked_password_is_said_plainly(self):
        client = new_client()
        email = new_email()
        sign_up(client, email)
        self.assertContains(sign_up(new_client(), email), "That address has an account", status_code=400)
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


def mailed_code(email: str) -> str:
    """The code of the last message sent to that address (Django's test outbox)."""
    message = [m for m in mail.outbox if m.to == [email]][-1]
    return re.search(r"Your code is ([A-Z0-9]{8})\.", message.body).group(1)


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
