import base64
import secrets
from typing import Callable, Optional
from urllib.parse import quote, urlencode

from django.core.mail import send_mail
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from holm_client import HolmError, models

from .holm import holm, is_id
from .sessions import client_ip, end_cookie, start_session


# What a disabled user is told, once their credential proved right (Holm's USER_DISABLED).
DISABLED = "This account is disabled. Contact support if you think that is a mistake."


def too_many(error: HolmError) -> str:
    return f"Too many attempts: try again in {error.retry_after} seconds."


def sign_in_page(request: HttpRequest, error: str = "", email: str = "", status: int = 200) -> HttpResponse:
    """The sign-in page, with `error` (and the email typed, if any) and its button for each provider:
    whichever way a sign-in failed, the visitor may try another way in."""
    from .external import providers  # external.py imports this module

    return render(request, "accounts/sign_in.html", {"error": error, "email": email, "providers": providers()}, status=status)


def form_fields(request: HttpRequest) -> tuple[str, str]:
    return request.POST.get("email", "").strip(), request.POST.get("password", "")


def home(request: HttpRequest) -> HttpResponse:
    from .external import label

    user = request.holm_user
    context = {"user": user}
    if user is not None:
        # The identities at providers that sign this user in, each with its button to unlink it.
        labels = {p.name: label(p) for p in holm.list_identity_providers()}
        identities = holm.list_user_identities(user.id)
        context["identities"] = [{"id": i.id, "label": labels.get(i.provider, i.provider), "email": i.email} for i in identities]
    return render(request, "accounts/home.html", context)


# "Password (or emailed code) done, second factor pending": the user id, signed with its own salt
# (so no other signed cookie of this site stands in for it) and read back for 5 minutes at most, in
# this browser only. No session starts before the TOTP code.
SECOND_FACTOR_COOKIE = "pending_second_factor"
SECOND_FACTOR_SALT = "accounts.pending_second_factor"
SECOND_FACTOR_MAX_AGE = 300


def sign_in_or_ask_for_totp(
    request: HttpRequest, user: models.User, page: Optional[Callable[[], HttpResponse]] = None
) -> HttpResponse:
    """The first factor is done (a password, an emailed code) and the address is verified. A user
    with TOTP is asked for a code first, and gets no session until it is right; anyone else is signed
    in. `page`: what a signed-in user sees, by default a redirect home."""
    if user.totp_registered:
        response = render(request, "accounts/sign_in_totp.html")
        response.set_signed_cookie(
            SECOND_FACTOR_COOKIE,
            user.id,
            salt=SECOND_FACTOR_SALT,
            max_age=SECOND_FACTOR_MAX_AGE,
            httponly=True,
            secure=request.is_secure(),
            samesite="Lax",
        )
        return response
    return start_session(request, user.id, page() if page else None)


@require_http_methods(["GET", "POST"])
def sign_up(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        return render(request, "accounts/sign_up.html")
    email, password = form_fields(request)
    try:
        user = holm.create_user(email=email, password=password, client_ip=client_ip(request))
    except HolmError as error:
        messages = {
            "INVALID_DATA": "Enter an email address, and a password of 8 to 127 characters.",
            "EMAIL_ALREADY_USED": "That address has an account: sign in instead.",
            "WEAK_PASSWORD": "That password appears in known leaks: choose another.",
        }
        if error.code == "TOO_MANY_REQUESTS":
            message = too_many(error)
        elif error.code in messages:
            message = messages[error.code]
        else:
            raise
        return render(request, "accounts/sign_up.html", {"error": message, "email": email}, status=400)
    return ask_to_verify(request, user)


# Anyone can sign up with another person's address. So a new address gets no session until its code,
# mailed to it, is typed back in the browser that signed up: until then that browser holds only this
# signed cookie naming the user (10 minutes, the code's life), and no page can set anything up on the
# account (a passkey, TOTP) for its owner to inherit. A code typed in any other browser is refused.
PENDING_COOKIE = "pending_verification"
PENDING_SALT = "accounts.pending_verification"
PENDING_MAX_AGE = 600


def ask_to_verify(request: HttpRequest, user: models.User) -> HttpResponse:
    """Mails a new code (which replaces any earlier one) and asks this browser for it. Only for a
    user who passed every other check: verify_email starts their session."""
    try:
        verification = holm.create_email_verification_request(user.id, client_ip=client_ip(request))
    except HolmError as error:
        if error.code != "TOO_MANY_REQUESTS":
            raise
        return sign_in_page(request, too_many(error), email=user.email, status=400)
    send_mail(
        "Confirm your address",
        f"Your code is {verification.code}. It expires in 10 minutes.",
        None,
        [user.email],
    )
    response = render(request, "accounts/verify_email.html", {"email": user.email})
    response.set_signed_cookie(
        PENDING_COOKIE,
        user.id,
        salt=PENDING_SALT,
        max_age=PENDING_MAX_AGE,
        httponly=True,
        secure=request.is_secure(),
        samesite="Lax",
    )
    return response


@require_POST
def verify_email(request: HttpRequest) -> HttpResponse:
    user_id = request.get_signed_cookie(PENDING_COOKIE, default=None, salt=PENDING_SALT, max_age=PENDING_MAX_AGE)
    code = request.POST.get("code", "").strip()
    if not is_id(user_id):
        # Another browser, or a cookie this site did not sign, or an expired one: Holm is not asked.
        message = "Type the code in the browser where you signed up, or sign in here to get a new code."
        return sign_in_page(request, message, status=400)
    try:
        holm.verify_email(user_id, code=code, client_ip=client_ip(request))
    except HolmError as error:
        if error.code == "INCORRECT_CODE":
            return render(request, "accounts/verify_email.html", {"error": "Wrong code."}, status=400)
        if error.code in ("INVALID_DATA", "NOT_ALLOWED", "NOT_FOUND"):
            # Expired, replaced by a newer code, or too many wrong codes.
            message = "That code can no longer be used: sign in to get a new one."
            return sign_in_page(request, message, status=400)
        raise
    # A password came first (or the sign-up's own): a user with TOTP still gives a code.
    response = sign_in_or_ask_for_totp(request, holm.get_user(user_id))
    response.delete_cookie(PENDING_COOKIE, samesite="Lax")
    return response


@require_http_methods(["GET", "POST"])
def sign_in(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        return sign_in_page(request)
    email, password = form_fields(request)
    try:
        user = holm.authenticate_with_password(email=email, password=password, client_ip=client_ip(request))
    except HolmError as error:
        if error.code in ("INVALID_DATA", "NOT_FOUND", "INCORRECT_PASSWORD"):
            message = "Wrong email or password."  # never say which
        elif error.code == "TOO_MANY_REQUESTS":
            message = too_many(error)
        elif error.code == "USER_DISABLED":
            # Holm says so only once the password proved right: telling the holder is safe.
            return sign_in_page(request, DISABLED, email=email, status=403)
        else:
            raise
        return sign_in_page(request, message, email=email, status=400)
    if not user.email_verified:
        # Whoever made the account knows its password, and may not own the address: prove it first.
        return ask_to_verify(request, user)
    # The password is the first factor: a user with TOTP gives a code before any session.
    return sign_in_or_ask_for_totp(request, user)


# Sign-in by email code: the code is mailed, and typed back on the page that asked for it, or its
# link opened, in that browser only. The request's id waits in a cookie of that browser for the
# code's 10 minutes; a visitor can set that cookie to anything, so it is used only once is_id passes.
EMAIL_SIGN_IN_COOKIE = "email_sign_in"
CLAIMED_NOTICE = (
    "This account had been set up before you proved the address, and anything set up before was removed"
    " (its password, authenticator and passkeys): set a password or add a passkey."
)


def email_sign_in_request_id(request: HttpRequest) -> Optional[str]:
    request_id = request.COOKIES.get(EMAIL_SIGN_IN_COOKIE)
    return request_id if is_id(request_id) else None


@require_http_methods(["GET", "POST"])
def email_sign_in(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        return render(request, "accounts/email_sign_in.html")
    email = request.POST.get("email", "").strip()
    try:
        sign_in_request = holm.create_email_sign_in(email=email, client_ip=client_ip(request))
    except HolmError as error:
        if error.code == "INVALID_DATA":
            message = "Enter an email address."
        elif error.code == "TOO_MANY_REQUESTS":
            message = too_many(error)
        else:
            raise
        return render(request, "accounts/email_sign_in.html", {"error": message, "email": email}, status=400)
    # Made whether or not the address has an account (user_id is None then), and answered the same:
    # the page never tells who has an account. The code signs a new address up.
    query = urlencode({"id": sign_in_request.id, "code": sign_in_request.code})
    link = request.build_absolute_uri(f"{reverse('email-sign-in-link')}?{query}")
    send_mail(
        "Your sign-in code",
        f"Your code is {sign_in_request.code}. It expires in 10 minutes.\n\n"
        f"Or open this link in the browser where you asked for it: {link}",
        None,
        [sign_in_request.email],
    )
    response = render(request, "accounts/email_sign_in_code.html", {"email": sign_in_request.email})
    response.set_cookie(
        EMAIL_SIGN_IN_COOKIE, sign_in_request.id, max_age=600, httponly=True, secure=request.is_secure(), samesite="Lax"
    )
    return response


@require_GET
def email_sign_in_link(request: HttpRequest) -> HttpResponse:
    """The mailed link. It signs in only the browser whose cookie holds its request's id, and only
    with the page's button: a GET signs no one in, as mail scanners open links."""
    request_id = email_sign_in_request_id(request)
    if request_id is None or request.GET.get("id") != request_id:
        message = "This link works only in the browser where you asked for the code: type the code from the email there."
        return render(request, "accounts/email_sign_in.html", {"error": message}, status=400)
    return render(request, "accounts/email_sign_in_link.html", {"code": request.GET.get("code", "")})


@require_POST
def email_sign_in_code(request: HttpRequest) -> HttpResponse:
    request_id = email_sign_in_request_id(request)
    code = request.POST.get("code", "").strip()
    if request_id is None:
        message = "Ask for a code first (on this browser)."
        return render(request, "accounts/email_sign_in.html", {"error": message}, status=400)
    try:
        signed_in = holm.verify_email_sign_in(request_id, code=code, client_ip=client_ip(request), create_user=True)
    except HolmError as error:
        if error.code == "INCORRECT_CODE":
            return render(request, "accounts/email_sign_in_code.html", {"error": "Wrong code."}, status=400)
        if error.code == "USER_DISABLED":
            return render(request, "accounts/email_sign_in.html", {"error": DISABLED}, status=403)
        if error.code in ("INVALID_DATA", "NOT_FOUND", "INVALID_REQUEST", "EMAIL_ALREADY_USED"):
            # Expired, used, replaced by a newer code, or too many wrong codes: start again.
            message = "That code can no longer be used: ask for a new one."
            return render(request, "accounts/email_sign_in.html", {"error": message}, status=400)
        raise
    # claimed: the code proved the address of an account someone had made before, and Holm removed
    # what they had set (TOTP too). Holms from before the field leave it out: not claimed.
    claimed = getattr(signed_in, "claimed", False) is True
    notice = (lambda: render(request, "accounts/claimed.html", {"notice": CLAIMED_NOTICE})) if claimed else None
    # The emailed code is a first factor, as a password is: a user with TOTP gives a code too.
    response = sign_in_or_ask_for_totp(request, signed_in.user, notice)
    response.delete_cookie(EMAIL_SIGN_IN_COOKIE, samesite="Lax")
    return response


@require_POST
def sign_in_totp(request: HttpRequest) -> HttpResponse:
    """The second step of a sign-in, for a user with TOTP: the code from their authenticator app,
    in the browser that gave the first factor."""
    user_id = request.get_signed_cookie(
        SECOND_FACTOR_COOKIE, default=None, salt=SECOND_FACTOR_SALT, max_age=SECOND_FACTOR_MAX_AGE
    )
    code = request.POST.get("code", "").strip()
    if not is_id(user_id):
        message = "Sign in again: the code is asked for in the browser that signed in, for 5 minutes."
        return sign_in_page(request, message, status=400)
    try:
        holm.verify_totp(user_id, code=code, client_ip=client_ip(request))
    except HolmError as error:
        if error.code in ("INCORRECT_CODE", "INVALID_DATA"):
            # Wrong, or already used: each code works once, the one that turned TOTP on included.
            return render(request, "accounts/sign_in_totp.html", {"error": "Wrong code: wait for the next one."}, status=400)
        if error.code == "TOO_MANY_REQUESTS":
            # 5 wrong codes in a row lock the check, for 15 minutes and then longer.
            return render(request, "accounts/sign_in_totp.html", {"error": too_many(error)}, status=400)
        if error.code in ("NOT_ALLOWED", "NOT_FOUND"):
            # TOTP was turned off meanwhile, or the user is gone: from the start.
            return sign_in_page(request, "Sign in again.", status=400)
        raise
    from .external import finish_pending_link

    response = start_session(request, user_id, second_factor_verified=True)
    response.delete_cookie(SECOND_FACTOR_COOKIE, samesite="Lax")
    # A provider's sign-in whose link waited for this code (external.py).
    return finish_pending_link(request, user_id, response)


# Turning TOTP on, for a signed-in user whose address is verified: a new key, shown as an otpauth://
# URI (for a QR code) and as text, and stored in Holm once a code from the app matches it. Until
# then the key waits in this browser, signed and bound to the user, for 10 minutes.
TOTP_KEY_COOKIE = "totp_key"
TOTP_KEY_SALT = "accounts.totp_key"
TOTP_KEY_MAX_AGE = 600
ISSUER = "Holm example"


def totp_setup_page(request: HttpRequest, key: bytes, error: str = "") -> HttpResponse:
    text = base64.b32encode(key).decode().rstrip("=")
    uri = f"otpauth://totp/{quote(ISSUER)}:{quote(request.holm_user.email)}?secret={text}&issuer={quote(ISSUER)}"
    context = {"uri": uri, "key": text, "error": error}
    return render(request, "accounts/totp.html", context, status=400 if error else 200)


@require_http_methods(["GET", "POST"])
def totp(request: HttpRequest) -> HttpResponse:
    user = request.holm_user
    if user is None or not user.email_verified:
        return redirect("sign-in")
    if request.method == "GET":
        if user.totp_registered:
            return render(request, "accounts/totp_done.html")
        key = secrets.token_bytes(20)
        response = totp_setup_page(request, key)
        response.set_signed_cookie(
            TOTP_KEY_COOKIE,
            f"{user.id}:{base64.b64encode(key).decode()}",
            salt=TOTP_KEY_SALT,
            max_age=TOTP_KEY_MAX_AGE,
            path="/totp",
            httponly=True,
            secure=request.is_secure(),
            samesite="Lax",
        )
        return response
    stored = request.get_signed_cookie(TOTP_KEY_COOKIE, default="", salt=TOTP_KEY_SALT, max_age=TOTP_KEY_MAX_AGE)
    key_user_id, _, key = stored.partition(":")
    if key_user_id != user.id or not key:
        error = "Start again: open the page that shows the key."
        return render(request, "accounts/totp_done.html", {"error": error}, status=400)
    try:
        holm.register_totp(user.id, key=key, code=request.POST.get("code", "").strip(), client_ip=client_ip(request))
    except HolmError as error:
        if error.code not in ("INCORRECT_CODE", "INVALID_DATA"):
            raise
        return totp_setup_page(request, base64.b64decode(key), "Wrong code: scan the key again, or check the phone's clock.")
    # The way back in without the phone: shown now, once.
    response = render(request, "accounts/totp_done.html", {"recovery_code": holm.get_user(user.id).recovery_code})
    response.delete_cookie(TOTP_KEY_COOKIE, path="/totp", samesite="Lax")
    return response


@require_POST
def sign_out(request: HttpRequest) -> HttpResponse:
    if request.holm_session is not None:
        try:
            holm.delete_session(request.holm_session.id)
        except HolmError as error:
            if error.code != "NOT_FOUND":  # ended meanwhile: signed out all the same
                raise
    return end_cookie(redirect("home"))


@require_POST
def sign_out_everywhere(request: HttpRequest) -> HttpResponse:
    if request.holm_user is not None:
        holm.delete_user_sessions(request.holm_user.id)
    return end_cookie(redirect("home"))
