"""One Holm client for the whole process: it keeps a pool of connections."""

from django.conf import settings

from holm_client import Holm

holm = Holm(settings.HOLM_URL, secret=settings.HOLM_SECRET, timeout=10.0)
