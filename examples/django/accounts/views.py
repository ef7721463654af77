from django.core.mail import send_mail
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods, require_POST

from holm_client import HolmError

from .holm import holm
from .sessions import client_ip, end_cookie, start_session


def too_many(error: HolmError) -> str:
    return f"Too many attempts: try again in {error.retry_after} seconds."


def form_fields(request: HttpRequest) -> tuple[str, str]:
    return request.POST.get("email", "").strip(), request.POST.get("password", "")


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "accounts/home.html", {"user": request.holm_user})


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
    return start_session(request, user.id)


@require_http_methods(["GET", "POST"])
def sign_in(request: HttpRequest) -> HttpResponse:
    if request.method == "GET":
        return render(request, "accounts/sign_in.html")
    email, password = form_fields(request)
    try:
        user = holm.authenticate_with_password(email=email, password=password, client_ip=client_ip(request))
    except HolmError as error:
        if error.code in ("INVALID_DATA", "NOT_FOUND", "INCORRECT_PASSWORD"):
            message = "Wrong email or password."  # never say which
        elif error.code == "TOO_MANY_REQUESTS":
            message = too_many(error)
        else:
            raise
        return render(request, "accounts/sign_in.html", {"error": message, "email": email}, status=400)
    if user.totp_registered:
        # The password is only the first factor: ask for a code and call holm.verify_totp before
        # start_session (docs/python.md). This example has no TOTP page, so it stops here.
        message = "This account asks for an authenticator code, which this example does not do."
        return render(request, "accounts/sign_in.html", {"error": message, "email": email}, status=400)
    return start_session(request, user.id)


# Sign-in by email code: the code is mailed, and typed back on the page that asked for it. The
# request's id waits in a cookie of that browser for the code's 10 minutes.
EMAIL_SIGN_IN_COOKIE = "email_sign_in"


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
    send_mail(
        "Your sign-in code",
        f"Your code is {sign_in_request.code}. It expires in 10 minutes.",
        None,
        [sign_in_request.email],
    )
    response = render(request, "accounts/email_sign_in_code.html", {"email": sign_in_request.email})
    response.set_cookie(
        EMAIL_SIGN_IN_COOKIE, sign_in_request.id, max_age=600, httponly=True, secure=request.is_secure(), samesite="Lax"
    )
    return response


@require_POST
def email_sign_in_code(request: HttpRequest) -> HttpResponse:
    request_id = request.COOKIES.get(EMAIL_SIGN_IN_COOKIE)
    code = request.POST.get("code", "").strip()
    if not request_id:
        message = "Ask for a code first (on this browser)."
        return render(request, "accounts/email_sign_in.html", {"error": message}, status=400)
    try:
        signed_in = holm.verify_email_sign_in(request_id, code=code, client_ip=client_ip(request), create_user=True)
    except HolmError as error:
        if error.code == "INCORRECT_CODE":
            return render(request, "accounts/email_sign_in_code.html", {"error": "Wrong code."}, status=400)
        if error.code in ("INVALID_DATA", "NOT_FOUND", "INVALID_REQUEST", "EMAIL_ALREADY_USED"):
            # Expired, used, replaced by a newer code, or too many wrong codes: start again.
            message = "That code can no longer be used: ask for a new one."
            return render(request, "accounts/email_sign_in.html", {"error": message}, status=400)
        raise
    if signed_in.user.totp_registered:
        message = "This account asks for an authenticator code, which this example does not do."
        return render(request, "accounts/email_sign_in.html", {"error": message}, status=400)
    response = start_session(request, signed_in.user.id)
    response.delete_cookie(EMAIL_SIGN_IN_COOKIE, samesite="Lax")
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
