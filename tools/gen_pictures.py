# SPDX-License-Identifier: Apache-2.0
"""Draw the pictures docs/ shows, and check that real renderers draw them.

Writes docs/pictures/curves.svg (``tfcollections events tests/data/events --run '^(tf2|torch)$' --plot ...``) and
docs/pictures/graph.dot with its drawing docs/pictures/graph.svg (``tfcollections examples/model.meta --dot
--scope-boundary dense``, drawn by Graphviz's ``dot``), then renders each SVG to PNG with ``rsvg-convert`` (librsvg),
which refuses an SVG it cannot read. Needs Debian's ``graphviz`` and ``librsvg2-bin`` (``apt-get install graphviz
librsvg2-bin``); the package itself needs neither. Prints each file and its size; exits 1 when a renderer fails.

    python -m tools.gen_pictures [--check]      # --check: draw into a temporary folder, compare with docs/
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PICTURES = os.path.join(REPO, "docs", "pictures")


def _tfcollections(*args):
    return subprocess.run([sys.executable, "-m", "tfcollections", *args], cwd=REPO, capture_output=True, check=True)


def draw(folder):
    """The pictures written into *folder*: {name: bytes}."""
    curves = os.path.join(folder, "curves.svg")
    _tfcollections("events", "tests/data/events", "--run", "^(tf2|torch)$", "--plot", curves, "--force")
    dot_text = _tfcollections("examples/model.meta", "--dot", "--scope-boundary", "dense").stdout
    with open(os.path.join(folder, "graph.dot"), "wb") as file:
        file.write(dot_text)
    drawn = subprocess.run(["dot", "-Tsvg"], input=dot_text, capture_output=True, check=True)
    with open(os.path.join(folder, "graph.svg"), "wb") as file:
        file.write(drawn.stdout)
    return {name: _read(os.path.join(folder, name)) for name in ("curves.svg", "graph.dot", "graph.svg")}


def _read(path):
    with open(path, "rb") as file:
        return file.read()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="draw into a temporary folder and compare with docs/")
    args = parser.parse_args(argv)
    missing = [tool for tool in ("dot", "rsvg-convert") if shutil.which(tool) is None]
    if missing:
        print(
            f"gen_pictures: not installed: {', '.join(missing)} (apt-get install graphviz librsvg2-bin)",
            file=sys.stderr,
        )
        return 1
    with tempfile.TemporaryDirectory() as scratch:
        folder = scratch if args.check else PICTURES
        os.makedirs(folder, exist_ok=True)
        pictures = draw(folder)
        for name in ("curves.svg", "graph.svg"):
            png = os.path.join(scratch, name + ".png")
            rendered = subprocess.run(["rsvg-convert", "-o", png, os.path.join(folder, name)], capture_output=True)
            if rendered.returncode != 0 or not os.path.getsize(png):
                print(f"gen_pictures: rsvg-convert cannot draw {name}: {rendered.stderr.decode()}", file=sys.stderr)
                return 1
            print(f"{name}: {len(pictures[name]):,} bytes, drawn by rsvg-convert ({os.path.getsize(png):,} bytes PNG)")
        if args.check:
            differ = [
                name for name in ("curves.svg", "graph.dot") if _read(os.path.join(PICTURES, name)) != pictures[name]
            ]
            if differ:
                print(f"gen_pictures: docs/pictures differs: {', '.join(differ)}", file=sys.stderr)
                return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
