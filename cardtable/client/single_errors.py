"""A lone error out of a nursery, as itself."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


@asynccontextmanager
async def single_errors() -> AsyncIterator[None]:
    """Let a lone error out of a nursery as itself, not wrapped in an exception group."""
    try:
        yield
    except BaseExceptionGroup as group:
        if len(group.exceptions) == 1:
            raise group.exceptions[0] from None
        raise
