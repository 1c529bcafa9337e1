"""A PEP 517 build backend in the standard library only.

The package is pure Python, so a wheel is a zip of tablegames/ plus three
metadata files. Building it here rather than with setuptools means
`pip install bindings/python` needs nothing from a package index and no
`wheel` package: it works offline, with or without build isolation.
"""

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

NAME = "tablegames"
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SUMMARY = ("Python bindings (ctypes, no compiler needed) for libtablegames, "
           "the rules of family board games")


def _version():
    with open(os.path.join(ROOT, NAME, "__init__.py"), encoding="utf-8") as f:
        return re.search(r'^__version__ = "([^"]+)"', f.read(), re.M).group(1)


def _metadata():
    with open(os.path.join(ROOT, "README.md"), encoding="utf-8") as f:
        readme = f.read()
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\n"
            "Requires-Python: >=3.8\nDescription-Content-Type: text/markdown\n\n%s"
            % (NAME, _version(), SUMMARY, readme)).encode("utf-8")


def _package_files():
    pkg = os.path.join(ROOT, NAME)
    # py.typed (PEP 561) tells type checkers that the package has type hints.
    return sorted("%s/%s" % (NAME, n) for n in os.listdir(pkg)
                  if n.endswith(".py") or n == "py.typed")


def _record_line(path, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=")
    return "%s,sha256=%s,%d" % (path, digest.decode("ascii"), len(data))


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = _version()
    dist_info = "%s-%s.dist-info" % (NAME, version)
    filename = "%s-%s-py3-none-any.whl" % (NAME, version)
    entries = []
    for rel in _package_files():
        with open(os.path.join(ROOT, rel), "rb") as f:
            entries.append((rel, f.read()))
    entries.append(("%s/METADATA" % dist_info, _metadata()))
    entries.append(("%s/WHEEL" % dist_info,
                    b"Wheel-Version: 1.0\nGenerator: tablegames_build\n"
                    b"Root-Is-Purelib: true\nTag: py3-none-any\n"))
    record = [_record_line(p, d) for p, d in entries] + ["%s/RECORD,," % dist_info]
    entries.append(("%s/RECORD" % dist_info, ("\n".join(record) + "\n").encode("utf-8")))
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w",
                         zipfile.ZIP_DEFLATED) as whl:
        for path, data in entries:
            whl.writestr(zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0)), data)
    return filename


def build_sdist(sdist_directory, config_settings=None):
    base = "%s-%s" % (NAME, _version())
    filename = base + ".tar.gz"
    files = _package_files() + ["pyproject.toml", "README.md", "_build/tablegames_build.py"]
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz") as tar:
        for rel in files:
            tar.add(os.path.join(ROOT, rel), arcname="%s/%s" % (base, rel))
        info = tarfile.TarInfo("%s/PKG-INFO" % base)
        data = _metadata()
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return filename
