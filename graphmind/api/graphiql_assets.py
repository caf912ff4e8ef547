"""GraphiQL's browser assets, fetched from the npm registry at setup time, never from a CDN
at run time.

`make setup` runs `python -m graphmind.api.graphiql_assets`: it downloads the pinned
tarballs below, checks each against the registry's sha512 integrity, and unpacks only
the files the page needs into `.cache/graphiql/` (about 4 MB). `/graphiql/…` serves them.
A second run finds the stamp and does nothing. Standard library only.
"""

import argparse
import base64
import hashlib
import io
import os
import sys
import tarfile
import urllib.request
from dataclasses import dataclass
from pathlib import Path
from typing import IO, cast

from graphmind.settings import PROJECT_ROOT

ASSETS_DIR = PROJECT_ROOT / ".cache/graphiql"
REGISTRY = "https://registry.npmjs.org"


@dataclass(frozen=True)
class Package:
    name: str
    version: str
    integrity: str  # the registry's dist.integrity of the tarball
    files: tuple[tuple[str, str], ...]  # (path in the tarball, file name served under /graphiql/)

    @property
    def tarball(self) -> str:
        return f"{self.name}/-/{self.name.rsplit('/', 1)[-1]}-{self.version}.tgz"


PACKAGES = (
    Package(
        "react",
        "18.2.0",
        "sha512-/3IjMdb2L9QbBdWiW5e3P2/npwMBaU9mHCSCUzNln0ZCYbcfTsGbTJrU/kGemdH2IWmB2ioZ+zkxtmq6g09fGQ==",
        (("package/umd/react.production.min.js", "react.production.min.js"),),
    ),
    Package(
        "react-dom",
        "18.2.0",
        "sha512-6IMTriUmvsjHUjNtEDudZfuDQUoWXVxKHhlEGSk81n4YFS+r/Kl99wXiwlVXtPBtJenozv2P+hxDsw9eA7Xo6g==",
        (("package/umd/react-dom.production.min.js", "react-dom.production.min.js"),),
    ),
    Package(
        "graphiql",
        "3.8.3",
        "sha512-cuPDYtXVKV86Pu5PHBX642Odi/uVEE2y1Jxq5rGO/Qy1G2lRp7ZZ7a/T30RzxhuLSWo9zUbzq0P3U49//H0Ugw==",
        (
            ("package/graphiql.min.js", "graphiql.min.js"),
            ("package/graphiql.min.css", "graphiql.min.css"),
            ("package/LICENSE", "LICENSE.graphiql"),
        ),
    ),
    Package(
        "@graphiql/plugin-explorer",
        "1.0.2",
        "sha512-9j+kg2UjtLZD5EBmGjeWHkoVVxtbShYg2DzbUVebibnZYZM/iMBEF4vaccXJIAm5KaomIPLx0aoNs4LbODyc3Q==",
        (("package/dist/index.umd.js", "plugin-explorer.umd.js"), ("package/dist/style.css", "plugin-explorer.css")),
    ),
)
STAMP = "VERSIONS"


def stamp_text() -> str:
    return "".join(f"{p.name}@{p.version} {p.integrity}\n" for p in PACKAGES)


def ready(directory: Path = ASSETS_DIR) -> bool:
    """Whether every pinned file is there, from these very versions."""
    stamp = directory / STAMP
    return (
        stamp.is_file()
        and stamp.read_text() == stamp_text()
        and all((directory / served).is_file() for p in PACKAGES for _, served in p.files)
    )


def verify(data: bytes, integrity: str) -> None:
    algorithm, _, expected = integrity.partition("-")
    actual = base64.b64encode(hashlib.new(algorithm, data).digest()).decode()
    if actual != expected:
        raise ValueError(f"integrity mismatch: expected {integrity}, got {algorithm}-{actual}")


def fetch(directory: Path = ASSETS_DIR, registry: str = REGISTRY) -> bool:
    """Downloads, verifies and unpacks the pinned packages; False when they already were."""
    if ready(directory):
        return False
    directory.mkdir(parents=True, exist_ok=True)
    for package in PACKAGES:
        url = f"{registry.rstrip('/')}/{package.tarball}"
        with urllib.request.urlopen(url, timeout=120) as response:
            data = response.read()
        verify(data, package.integrity)
        with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as archive:
            for member, served in package.files:
                # None only for a member that is not a regular file: the pinned tarballs' members all are
                content = cast(IO[bytes], archive.extractfile(member)).read()
                partial = directory / f".{served}.part"
                partial.write_bytes(content)
                partial.replace(directory / served)
    (directory / STAMP).write_text(stamp_text())
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Fetch GraphiQL's pinned browser assets from the npm registry.")
    parser.add_argument("--dest", type=Path, default=ASSETS_DIR, help="where to unpack them (default: %(default)s)")
    parser.add_argument(
        "--registry",
        default=os.environ.get("NPM_CONFIG_REGISTRY", REGISTRY),
        help="npm registry base URL (default: $NPM_CONFIG_REGISTRY or %(default)s)",
    )
    args = parser.parse_args(argv)
    try:
        fetched = fetch(args.dest, args.registry)
    except (OSError, ValueError) as e:
        print(f"could not fetch GraphiQL's assets: {e}", file=sys.stderr)
        return 1
    names = ", ".join(f"{p.name}@{p.version}" for p in PACKAGES)
    print(f"GraphiQL assets {'fetched' if fetched else 'already present'} in {args.dest}: {names}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
