"""Python client for Holm, the self-hosted account and credential service.

    from holm_client import Holm, HolmError

    with Holm("http://127.0.0.1:4000", secret) as holm:
        user = holm.create_user(email="cat@example.com", password=password)

One method per operation of Holm's API, named after its operationId in snake_case; path
parameters positional, body fields and query parameters as keywords named as on the wire. Each
returns the generated model (holm_client.models), a list of them, None for 204, or a UserPage
for list_users; every error answer raises HolmError. A path parameter that is not a Holm id
raises ValueError before any request (is_holm_id tells beforehand). See docs/python.md in Holm's
repository.
"""

from ._facade import AsyncHolm, Holm, HolmError
from ._generated import models
from ._page import UserPage
from ._path import is_holm_id

__all__ = ["AsyncHolm", "Holm", "HolmError", "UserPage", "is_holm_id", "models"]
