"""The `kube_api` fixture: a fresh API server per test on a certificate shared by the session."""
from __future__ import annotations

from typing import Iterator

import pytest

from kube_api.server import KubeApiServer


@pytest.fixture
def kube_api() -> Iterator[KubeApiServer]:
    with KubeApiServer() as server:
        yield server
