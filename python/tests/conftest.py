import os
import tempfile

import pytest


@pytest.fixture(autouse=True, scope="session")
def _private_cache_dir():
    """Tests compile into a cache of their own, never the user's."""
    with tempfile.TemporaryDirectory(prefix="xla-mlir-pytest-cache-") as d:
        old = os.environ.get("XLA_CACHE_DIR")
        os.environ["XLA_CACHE_DIR"] = d
        yield d
        if old is None:
            os.environ.pop("XLA_CACHE_DIR", None)
        else:
            os.environ["XLA_CACHE_DIR"] = old
