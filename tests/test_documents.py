"""The documents stay inside the repository: every link and every path they name is a file of this repository.

People read these files on a Raspberry Pi, in a clone or on a forge: a link to a file beside the checkout (a
notes folder beside the checkout, a developer's home) leads nowhere for them. Web addresses are fine; a link with no
scheme must resolve, from the document's own folder, to a file or folder inside the repository. Paths named in the
text (`docs/remote.md`, `controller/store.py`) must exist too, in the documents and in the sources' comments and
messages, so a file moved or removed takes its mentions with it.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
# Made by tools, not written: environments, caches, build output, the firmware's vendored libraries.
SKIP = {"node_modules", "build", "lib"}
TEXT_SUFFIXES = {".md", ".py", ".toml", ".html", ".js", ".css", ".sh", ".service", ".rules", ".default", ".ini"}
# `[text](target)` and `[text](target "title")`; images too.
LINK = re.compile(r"\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
SCHEME = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)
# A path of the repository named in running text: it starts at a top-level folder (or climbs out with ../).
TOP = ("docs", "hardware", "firmware", "tests", "controller", "simulator", "shared")
NAMED = re.compile(r"(?<![\w./-])((?:\.\./)*(?:" + "|".join(TOP) + r")/[\w./<>*-]*[\w>*])")


def _files(suffixes: set[str]) -> list[Path]:
    out = []
    for folder, dirs, names in os.walk(ROOT):
        dirs[:] = [d for d in dirs if not (d.startswith(".") or d in SKIP or d.endswith(".egg-info"))]
        out += [Path(folder, n) for n in names if Path(n).suffix in suffixes or n == "Makefile"]
    return sorted(out)


DOCUMENTS = _files({".md"})


def _inside(target: Path) -> bool:
    resolved = target.resolve()
    return resolved == ROOT or ROOT in resolved.parents


def broken_links(text: str, folder: Path) -> list[str]:
    """The links of a Markdown document in `folder` that leave the repository or lead to nothing."""
    out = []
    for match in LINK.finditer(text):
        target = match.group(1)
        if SCHEME.match(target) or target.startswith("#"):
            continue  # a web address, a mail address, or a place in this document
        path = target.split("#", 1)[0]
        if path.startswith("/"):
            out.append(f"{target}: an absolute path (a link is relative to the document)")
            continue
        where = folder / path
        if not _inside(where):
            out.append(f"{target}: outside the repository")
        elif not where.exists():
            out.append(f"{target}: no such file")
    return out


def missing_paths(path: Path) -> list[str]:
    """Repository paths named in the text of `path` that do not exist (relative to the root or to the file's folder;
    a name with its suffix left off, like a module named in a sentence, counts when the file exists)."""
    out = []
    for match in NAMED.finditer(path.read_text(encoding="utf-8", errors="replace")):
        named = match.group(1).rstrip(".")
        if any(c in named for c in "<>*"):
            continue  # a pattern (docs/rules/<game>.md, tests/bench/test_*.py), not a path
        candidates = [ROOT / named, path.parent / named]
        found = [c for c in candidates if _inside(c) and (c.exists() or c.with_suffix(".py").exists())]
        if not found:
            out.append(named)
    return sorted(set(out))


@pytest.mark.parametrize("document", DOCUMENTS, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_of_a_document_stays_inside_the_repository(document: Path) -> None:
    assert broken_links(document.read_text(encoding="utf-8"), document.parent) == []


def test_every_path_the_documents_and_sources_name_exists() -> None:
    scanned = [p for p in _files(TEXT_SUFFIXES) if p != Path(__file__).resolve()]  # this file names bad ones on purpose
    missing = {str(p.relative_to(ROOT)): m for p in scanned if (m := missing_paths(p))}
    assert missing == {}


def test_the_readme_links_the_architecture_document() -> None:
    assert "(docs/architecture.md)" in (ROOT / "README.md").read_text(encoding="utf-8")


def test_the_checks_see_a_link_or_a_path_that_leaves_the_repository(tmp_path: Path) -> None:
    """The checks themselves: what a document outside the house would say is caught."""
    docs = ROOT / "docs"
    beside = "../../" + "notes/CONTRACT.md"  # a file beside the checkout, which no user has
    text = (
        f"[the contract]({beside}), [gone](gone.md), [abs](/etc/passwd), [web](https://a.b/c), "
        '[api](game-api.md "the API"), [up](../README.md#the-games), [here](#errors), [mail](mailto:a@b.c)'
    )
    found = [problem.split(":")[0] for problem in broken_links(text, docs)]
    assert found == [beside, "gone.md", "/etc/passwd"]
    named = tmp_path / "named.py"
    away = "../" + "shared" + "/seeds/000.txt"  # the notes beside the checkout, named by a comment
    named.write_text(
        f"# see {away} and docs/no-such.md, but docs/remote.md, controller/store and\n"
        "# docs/rules/<game>.md (a pattern)\n"
    )
    assert missing_paths(named) == [away, "docs/no-such.md"]
