"""AsyncHolm: the same methods, as coroutines."""

from __future__ import annotations

import asyncio

import pytest
from conftest import SECRET, STRONG_PASSWORD, unique_email

from holm_client import AsyncHolm, HolmError, UserPage


def test_async_sign_up_sign_in_and_errors(holm_server) -> None:
    async def flow() -> None:
        async with AsyncHolm(holm_server.url, SECRET) as holm:
            email = unique_email("async")
            user = await holm.create_user(email=email, password=STRONG_PASSWORD)
            signed_in, page = await asyncio.gather(
                holm.authenticate_with_password(email=email, password=STRONG_PASSWORD),
                holm.list_users(email=email),
            )
            assert signed_in.id == user.id
            assert isinstance(page, UserPage) and page.total == 1
            assert await holm.delete_user(user.id) is None
            with pytest.raises(HolmError) as gone:
                await holm.get_user(user.id)
            assert (gone.value.code, gone.value.status) == ("NOT_FOUND", 404)

    asyncio.run(flow())
