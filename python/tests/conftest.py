"""Shared helpers of the Python tests: where the repository's test data is."""

from pathlib import Path

import pytest

#: The repository's root (python/tests/ is two levels below it).
ROOT = Path(__file__).resolve().parents[2]
#: The Rust tests' data files, which these tests read too.
DATA = ROOT / "tests" / "data"


@pytest.fixture
def data():
    return DATA
