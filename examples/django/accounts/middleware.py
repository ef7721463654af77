"""Checks the Holm session of every request: request.holm_user and request.holm_session are the
signed-in user and their session, or None. One call to Holm per request, so a session ended
anywhere (sign-out everywhere, a password reset) is ended here on the next request."""

from holm_client import HolmError

from .holm import holm
from .sessions import COOKIE, end_cookie


class HolmSessionMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.holm_user = None
        request.holm_session = None
        token = request.COOKIES.get(COOKIE)
        ended = False
        if token:
            try:
                validated = holm.validate_session(token=token)
                request.holm_user = validated.user
                request.holm_session = validated.session
            except HolmError as error:
                # NOT_FOUND: unknown, expired or ended; INVALID_DATA: not a token at all.
                if error.code not in ("NOT_FOUND", "INVALID_DATA"):
                    raise
                ended = True
        response = self.get_response(request)
        if ended and COOKIE not in response.cookies:
            end_cookie(response)
        return response
