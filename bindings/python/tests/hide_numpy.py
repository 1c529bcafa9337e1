"""Imported first by the research tests: with TG_TEST_HIDE_NUMPY=1 set,
numpy cannot be imported in this process (as where it is not installed),
so a suite run with it set checks the package works without numpy.
NUMPY is the module, or None when it is hidden or missing."""

import os
import sys

if os.environ.get("TG_TEST_HIDE_NUMPY", "") not in ("", "0"):
    sys.modules["numpy"] = None  # type: ignore[assignment]  # import numpy -> ImportError

try:
    import numpy as NUMPY
except ImportError:
    NUMPY = None
