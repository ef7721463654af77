"""A Django site whose accounts live in Holm: no user table, no password hashes, no session table
here. Holm is given by HOLM_URL and HOLM_SECRET."""

import os
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured


def required(name: str) -> str:
    value = os.environ.get(name)
    if not value:
        raise ImproperlyConfigured(f"set {name} (see README.md)")
    return value


HOLM_URL = required("HOLM_URL")
HOLM_SECRET = required("HOLM_SECRET")

BASE_DIR = Path(__file__).resolve().parent.parent
SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "only-for-this-example-set-DJANGO_SECRET_KEY")
DEBUG = os.environ.get("DJANGO_DEBUG") == "1"
ALLOWED_HOSTS = ["localhost", "127.0.0.1"]

INSTALLED_APPS = ["accounts"]
MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "accounts.middleware.HolmSessionMiddleware",
]
ROOT_URLCONF = "example.urls"
TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "APP_DIRS": True,
        "OPTIONS": {"context_processors": ["django.template.context_processors.request"]},
    }
]
# Holm keeps the accounts and the sessions: this site has no database of its own.
DATABASES = {}
USE_TZ = True
# Sign-in codes go by email: here to the console. Use your provider's backend (SMTP, ...) in
# production. Django's tests swap in an outbox in memory.
EMAIL_BACKEND = os.environ.get("DJANGO_EMAIL_BACKEND", "django.core.mail.backends.console.EmailBackend")
DEFAULT_FROM_EMAIL = "accounts@example.com"
