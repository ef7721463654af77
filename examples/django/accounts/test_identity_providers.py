"""Sign-in with Acme (a real OpenID Provider, npm oidc-provider) and with GitHub (a fake of it), as
examples/run-tests starts them (test/support/providers-process.ts at the repository's root): the provider's
pages are gone through with httpx and a cookie jar, as a browser would, and its redirect back is
handed to this site through Django's test client. HOLM_TEST_PROVIDERS is their control URL; without
it these tests are skipped."""

import html
import os
import re
import unittest
from urllib.parse import urljoin, urlsplit

import httpx
from django.test import SimpleTestCase

from .holm import holm
from .sessions import COOKIE
from .tests import PASSWORD, new_client, new_email

CONTROL = os.environ.get("HOLM_TEST_PROVIDERS", "")
EXTERNAL_COOKIE = "external_sign_in"


def provider_account(email: str, email_verified: bool = True) -> str:
    """A new account at both providers: its login (the OpenID Provider's subject, GitHub's login)."""
    login = f"login-{os.urandom(4).hex()}"
    answer = httpx.post(f"{CONTROL}/accounts", json={"login": login, "email": email, "email_verified": email_verified})
    answer.raise_for_status()
    return login


def password_user(email: str) -> str:
    """A user with a password whose address is verified, made through Holm."""
    user = holm.create_user(email=email, password=PASSWORD)
    holm.verify_email(user.id, code=holm.create_email_verification_request(user.id).code)
    return user.id


def at_provider(authorization_url: str, login: str) -> str:
    """Goes through the provider's pages from its authorization URL, as a browser would (its login
    form, then its consent), signed in as `login`: the redirect back, as a path and query of this site."""
    redirect_origin = httpx.get(CONTROL).json()["redirect_origin"]
    with httpx.Client(follow_redirects=False) as browser:
        response = browser.get(authorization_url)
        for _ in range(12):
            location = response.headers.get("location")
            if location is not None:
                target = urljoin(str(response.url), location)
                if target.startswith(redirect_origin + "/"):
                    parts = urlsplit(target)
                    return f"{parts.path}?{parts.query}"
                response = browser.get(target)
                continue
            page = response.text
            action = re.search(r'<form[^>]*action="([^"]*)"', page)
            fields = {name: html.unescape(value) for name, value in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)"', page)}
            if 'name="login"' in page:
                fields.update(login=login, password="anything")
            target = urljoin(str(response.url), html.unescape(action.group(1)) if action else "")
            response = browser.post(target, data=fields)
    raise AssertionError("the provider never sent the browser back")


def start(client, provider: str) -> str:
    """The sign-in page's button: the provider's authorization URL the site redirects to."""
    response = client.post(f"/auth/{provider}")
    assert response.status_code == 302, response.status_code
    return response["Location"]


@unittest.skipUnless(CONTROL, "HOLM_TEST_PROVIDERS is not set (examples/run-tests starts the providers)")
class SignInWithAProvider(SimpleTestCase):
    def test_the_sign_in_page_has_a_button_for_each_provider_holm_lists(self):
        page = new_client().get("/sign-in")
        self.assertContains(page, "Sign in with Acme")
        self.assertContains(page, "Sign in with GitHub")

    def test_the_sign_in_page_shown_again_after_a_wrong_password_still_offers_each_provider(self):
        page = new_client().post("/sign-in", {"email": new_email(), "password": "not the password"})
        self.assertContains(page, "Wrong email or password.", status_code=400)
        self.assertContains(page, "Sign in with Acme", status_code=400)
        self.assertContains(page, "Sign in with GitHub", status_code=400)

    def test_sign_in_with_acme_signs_a_new_user_up_and_in_and_the_identity_can_be_unlinked(self):
        client = new_client()
        email = new_email()
        login = provider_account(email)
        authorization_url = start(client, "acme")
        cookie = client.cookies[EXTERNAL_COOKIE]
        self.assertTrue(cookie["httponly"])
        self.assertEqual(cookie["samesite"], "Lax")
        response = client.get(at_provider(authorization_url, login))
        self.assertRedirects(response, "/", fetch_redirect_response=False)
        self.assertEqual(response.cookies[EXTERNAL_COOKIE].value, "")
        home = client.get("/")
        self.assertContains(home, f"Signed in as <strong>{email}</strong>")
        self.assertContains(home, "Unlink Acme")
        user = holm.validate_session(token=client.cookies[COOKIE].value).user
        self.assertTrue(user.email_verified)  # the provider verified it

        identity = holm.list_user_identities(user.id)[0]
        self.assertEqual(new_client().post("/identities/unlink", {"id": identity.id}).status_code, 302)  # nobody's session: nothing
        self.assertEqual(len(holm.list_user_identities(user.id)), 1)
        client.post("/identities/unlink", {"id": identity.id})
        self.assertEqual(holm.list_user_identities(user.id), [])

    def test_an_account_holding_the_address_is_proved_with_its_password_before_acme_is_linked(self):
        email = new_email()
        user_id = password_user(email)
        login = provider_account(email)
        client = new_client()
        response = client.get(at_provider(start(client, "acme"), login))
        self.assertContains(response, f"You already have an account with {email}.")
        self.assertNotIn(COOKIE, response.cookies)
        self.assertEqual(holm.list_user_identities(user_id), [])  # nothing linked on the email alone

        wrong = client.post("/auth/acme/link", {"email": email, "password": "not the password 1"})
        self.assertContains(wrong, "Wrong password.", status_code=400)
        response = client.post("/auth/acme/link", {"email": email, "password": PASSWORD})
        self.assertRedirects(response, "/", fetch_redirect_response=False)
        self.assertContains(client.get("/"), f"Signed in as <strong>{email}</strong>")
        self.assertEqual([identity.provider for identity in holm.list_user_identities(user_id)], ["acme"])

        # From now on Acme signs this user in.
        again = new_client()
        self.assertRedirects(again.get(at_provider(start(again, "acme"), login)), "/", fetch_redirect_response=False)
        self.assertContains(again.get("/"), f"Signed in as <strong>{email}</strong>")

    def test_an_address_the_provider_did_not_verify_links_nothing(self):
        email = new_email()
        password_user(email)
        login = provider_account(email, email_verified=False)
        client = new_client()
        response = client.get(at_provider(start(client, "acme"), login))
        self.assertContains(response, "did not confirm that")
        self.assertNotContains(response, "Link and sign in")
        self.assertNotIn(COOKIE, response.cookies)

    def test_sign_in_with_github(self):
        client = new_client()
        email = new_email()
        login = provider_account(email)
        response = client.get(at_provider(start(client, "github"), login))
        self.assertRedirects(response, "/", fetch_redirect_response=False)
        self.assertContains(client.get("/"), "Unlink GitHub")

    def test_the_callback_is_relayed_only_from_the_browser_that_started_it(self):
        email = new_email()
        login = provider_account(email)
        starting = new_client()
        callback = at_provider(start(starting, "acme"), login)
        # Another browser opens the callback (a link an attacker sent): no cookie, Holm is not asked.
        elsewhere = new_client().get(callback)
        self.assertContains(elsewhere, "started in another browser", status_code=400)
        self.assertNotIn(COOKIE, elsewhere.cookies)
        # A cookie that is no request id is no request either.
        forged = new_client()
        forged.cookies[EXTERNAL_COOKIE] = "acme.../users/x"
        self.assertContains(forged.get(callback), "started in another browser", status_code=400)
        # The browser that started it signs in, once: the same cookie and callback again are refused.
        started = starting.cookies[EXTERNAL_COOKIE].value
        self.assertRedirects(starting.get(callback), "/", fetch_redirect_response=False)
        replay = new_client()
        replay.cookies[EXTERNAL_COOKIE] = started
        self.assertContains(replay.get(callback), "expired or was already used", status_code=400)

    def test_an_error_from_the_provider_is_said_plainly(self):
        client = new_client()
        state = re.search(r"[?&]state=([^&]+)", start(client, "acme")).group(1)
        response = client.get(f"/auth/acme/callback?error=access_denied&state={state}")
        self.assertContains(response, "Acme did not complete the sign-in", status_code=502)
        self.assertNotIn(COOKIE, response.cookies)
