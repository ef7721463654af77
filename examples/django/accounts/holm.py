"""One Holm client for the whole process: it keeps a pool of connections."""

import re

from django.conf import settings

from holm_client import Holm

holm = Holm(settings.HOLM_URL, secret=settings.HOLM_SECRET, timeout=10.0)

# Holm's identifiers are 24 characters of this alphabet (the server's isId). An id that comes from
# the visitor (a cookie, a form field, a link) goes into a call only once it passes: the client puts
# it in the URL's path as it is, so a cookie "../users/<id>/unblock?" would call another endpoint
# with this site's secret. Anything else is no id at all.
_ID = re.compile(r"[abcdefghijkmnpqrstuvwxyz23456789]{24}")


def is_id(value: object) -> bool:
    return isinstance(value, str) and _ID.fullmatch(value) is not None
