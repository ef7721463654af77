"""The Holm session in a cookie: made at sign-in, checked by the middleware, dropped at sign-out."""

from typing import Optional

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from .holm import holm

COOKIE = "holm_session"
# Holm decides when a session ends (7 days idle, 30 days at most, by default; every password
# reset or "sign out everywhere" at once): the cookie only has to outlive it.
COOKIE_MAX_AGE = 30 * 24 * 60 * 60


def client_ip(request: HttpRequest) -> str:
    # Behind a proxy, take the address your proxy hands on (and only from your proxy).
    return request.META.get("REMOTE_ADDR", "")


def start_session(
    request: HttpRequest, user_id: str, response: Optional[HttpResponse] = None, second_factor_verified: bool = False
) -> HttpResponse:
    """Call only once the user has passed every check you ask for (a verified address, password,
    TOTP, ...); `second_factor_verified`: they gave a TOTP code too, which the session records.
    Sets the cookie on `response`, by default a redirect home."""
    created = holm.create_session(
        user_id,
        client_ip=client_ip(request),
        user_agent=request.META.get("HTTP_USER_AGENT", "")[:512] or None,
        second_factor_verified=second_factor_verified,
    )
    if response is None:
        response = redirect("home")
    response.set_cookie(
        COOKIE,
        created.token,
        max_age=COOKIE_MAX_AGE,
        httponly=True,  # no script on the page can read the token
        secure=request.is_secure(),  # sent over https only, wherever the site is served over https
        samesite="Lax",  # not sent with another site's form posts
    )
    return response


def end_cookie(response: HttpResponse) -> HttpResponse:
    response.delete_cookie(COOKIE, samesite="Lax")
    return response
