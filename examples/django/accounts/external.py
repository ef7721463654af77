"""Sign-in with an identity provider (docs/identity-providers.md): a button for each provider Holm
lists posts here; Holm makes the provider's URL, this site keeps the request's id in an HttpOnly
cookie of this browser and sends the browser there; the provider's redirect back is relayed to Holm
with the id from that cookie, never one from the query, so a callback opened in any other browser
signs nobody in. link_required: the address's holder proves the account with its password (and TOTP
code) before the identity is linked to it. The home page lists the user's identities and unlinks one."""

import re
from typing import Optional

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.views.decorators.http import require_GET, require_POST

from holm_client import HolmError, models

from .holm import holm, is_id
from .sessions import client_ip
from .views import DISABLED, ask_to_verify, sign_in_or_ask_for_totp, sign_in_page

# "provider.request_id", for the request's 10 minutes, sent only to /auth/…. Lax, not Strict: the
# provider sends the browser back with a top-level GET from its own site.
COOKIE = "external_sign_in"
COOKIE_PATH = "/auth"
# A link proved by the password, waiting for the TOTP code: signed, the user, provider and request.
PENDING_LINK_COOKIE = "pending_link"
PENDING_LINK_SALT = "accounts.pending_link"
PENDING_LINK_MAX_AGE = 300
_PROVIDER_NAME = re.compile(r"[a-z0-9-]{1,32}")


def label(provider: models.IdentityProvider) -> str:
    """How a provider is named on its button: Holm gives only its name and kind."""
    kind = str(getattr(provider.kind, "value", provider.kind))
    if kind == "github":
        return "GitHub"
    if kind == "microsoft":
        return "Microsoft"
    return provider.name[:1].upper() + provider.name[1:].replace("-", " ")


def providers() -> list[dict]:
    """The providers Holm was started with, as the templates show them (none: no buttons)."""
    return [{"name": p.name, "label": label(p)} for p in holm.list_identity_providers()]


def provider_named(name: str) -> Optional[dict]:
    return next((p for p in providers() if p["name"] == name), None)


def started_request(request: HttpRequest, provider: str) -> Optional[str]:
    """The request this browser started for `provider`, if its cookie holds one. A visitor can set
    the cookie to anything: the id is used only once is_id passes."""
    started, _, request_id = request.COOKIES.get(COOKIE, "").partition(".")
    return request_id if started == provider and is_id(request_id) else None


def forget(response: HttpResponse) -> HttpResponse:
    response.delete_cookie(COOKIE, path=COOKIE_PATH, samesite="Lax")
    return response


def failed(request: HttpRequest, message: str, status: int = 400) -> HttpResponse:
    return forget(sign_in_page(request, message, status=status))


def link(request: HttpRequest, provider: dict, request_id: str, user: models.User) -> Optional[HttpResponse]:
    """Links the identity of the sign-in `request_id` to `user`, who proved the account: None when
    linked, else the page that says why not."""
    try:
        holm.link_external_sign_in(request_id, user_id=user.id, client_ip=client_ip(request))
    except HolmError as error:
        name = provider["label"]
        if error.code == "EMAIL_NOT_VERIFIED":
            message = f"Your address is not verified yet: sign in with an emailed code first, then sign in with {name} again."
        elif error.code == "IDENTITY_IN_USE":
            message = f"That {name} account is already linked to another account."
        elif error.code in ("INVALID_REQUEST", "NOT_FOUND", "INVALID_DATA"):
            message = f"That sign-in with {name} expired or was for another address: start again."
        else:
            raise
        return failed(request, message)
    return None


@require_POST
def start(request: HttpRequest, provider: str) -> HttpResponse:
    found = provider_named(provider)
    if found is None:
        return failed(request, "There is no such way to sign in.", 404)
    try:
        started = holm.start_external_sign_in(provider=found["name"], client_ip=client_ip(request))
    except HolmError as error:
        if error.code == "TOO_MANY_REQUESTS":
            return failed(request, f"Too many attempts: try again in {error.retry_after} seconds.")
        if error.code == "PROVIDER_ERROR":
            return failed(request, f"{found['label']} cannot be reached right now: try again, or sign in another way.", 502)
        raise
    response = HttpResponseRedirect(started.authorization_url)
    response.set_cookie(
        COOKIE,
        f"{found['name']}.{started.id}",
        max_age=600,
        path=COOKIE_PATH,
        httponly=True,
        secure=request.is_secure(),
        samesite="Lax",
    )
    return response


@require_GET
def callback(request: HttpRequest, provider: str) -> HttpResponse:
    """The provider's redirect back: its query (code, state, iss; or error) relayed to Holm, in the
    browser that started."""
    found = provider_named(provider)
    if found is None:
        return failed(request, "There is no such way to sign in.", 404)
    name = found["label"]
    request_id = started_request(request, found["name"])
    if request_id is None:
        # No cookie, or one for another provider: this browser did not start this sign-in. Holm is not asked.
        return failed(request, f"That sign-in with {name} was started in another browser, or too long ago: start again here.")
    try:
        result = holm.verify_external_sign_in(
            request_id,
            state=request.GET.get("state", ""),
            code=request.GET.get("code"),
            error=request.GET.get("error"),
            iss=request.GET.get("iss"),
            client_ip=client_ip(request),
            create_user=True,  # "Sign in or sign up with …"
        )
    except HolmError as error:
        if error.code == "USER_DISABLED":
            return failed(request, DISABLED, 403)
        if error.code == "PROVIDER_ERROR":
            message = f"{name} did not complete the sign-in (it was cancelled, or {name} could not be reached): try again."
            return failed(request, message, 502)
        if error.code == "INVALID_CREDENTIAL":
            return failed(request, f"{name}'s answer could not be verified: start again.")
        if error.code in ("INVALID_REQUEST", "INVALID_DATA"):
            return failed(request, f"That sign-in with {name} expired or was already used: start again.")
        raise
    outcome = str(getattr(result.outcome, "value", result.outcome))
    if outcome == "link_required":
        # The cookie stays: the request can be linked within its 10 minutes, once the holder proves
        # the account. An address the provider did not verify names nobody (user is None).
        context = {"provider": found, "email": result.email, "named": result.user is not None}
        page = render(request, "accounts/link.html", context)
        return page if result.user is not None else forget(page)
    if result.user is None:  # unknown: only without create_user
        return failed(request, f"{name} gave no address to sign you up with: sign up with an email instead.")
    # created with an address the provider did not verify: proved here first, as after a sign-up.
    response = ask_to_verify(request, result.user) if not result.user.email_verified else sign_in_or_ask_for_totp(request, result.user)
    return forget(response)


@require_POST
def link_with_password(request: HttpRequest, provider: str) -> HttpResponse:
    """link_required: the account's password proves its holder; a user with TOTP gives the code too,
    and the link waits for it (finish_pending_link)."""
    found = provider_named(provider)
    request_id = started_request(request, found["name"]) if found else None
    if found is None or request_id is None:
        return failed(request, "Start the sign-in again in this browser.")
    email = request.POST.get("email", "")
    context = {"provider": found, "email": email, "named": True}
    try:
        user = holm.authenticate_with_password(
            email=email, password=request.POST.get("password", ""), client_ip=client_ip(request)
        )
    except HolmError as error:
        if error.code in ("INVALID_DATA", "NOT_FOUND", "INCORRECT_PASSWORD"):
            return render(request, "accounts/link.html", {**context, "error": "Wrong password."}, status=400)
        if error.code == "TOO_MANY_REQUESTS":
            message = f"Too many attempts: try again in {error.retry_after} seconds."
            return render(request, "accounts/link.html", {**context, "error": message}, status=400)
        if error.code == "USER_DISABLED":
            return failed(request, DISABLED, 403)
        raise
    if user.totp_registered:
        response = sign_in_or_ask_for_totp(request, user)  # asks for the code; sign_in_totp links then
        response.set_signed_cookie(
            PENDING_LINK_COOKIE,
            f"{user.id}:{found['name']}:{request_id}",
            salt=PENDING_LINK_SALT,
            max_age=PENDING_LINK_MAX_AGE,
            httponly=True,
            secure=request.is_secure(),
            samesite="Lax",
        )
        return response
    refused = link(request, found, request_id, user)
    return refused or forget(sign_in_or_ask_for_totp(request, user))


def finish_pending_link(request: HttpRequest, user_id: str, response: HttpResponse) -> HttpResponse:
    """After the TOTP code of a user whose link waited for it: links the identity. A link that can no
    longer be made is left: the user is signed in all the same, and can sign in with the provider again."""
    pending = request.get_signed_cookie(
        PENDING_LINK_COOKIE, default="", salt=PENDING_LINK_SALT, max_age=PENDING_LINK_MAX_AGE
    )
    link_user_id, provider, request_id = (pending.split(":") + ["", "", ""])[:3]
    if link_user_id == user_id and _PROVIDER_NAME.fullmatch(provider) and is_id(request_id):
        try:
            holm.link_external_sign_in(request_id, user_id=user_id, client_ip=client_ip(request))
        except HolmError:
            pass
        forget(response)
    response.delete_cookie(PENDING_LINK_COOKIE, samesite="Lax")
    return response


@require_POST
def unlink(request: HttpRequest) -> HttpResponse:
    """The home page's unlink button: only an identity of the signed-in user. Their other sessions end."""
    user, session = request.holm_user, request.holm_session
    if user is None or session is None:
        return redirect("sign-in")
    identity_id = request.POST.get("id", "")
    if is_id(identity_id) and any(held.id == identity_id for held in holm.list_user_identities(user.id)):
        holm.delete_identity(identity_id, session_id=session.id)
    return redirect("home")
