"""Every install goes through the lock: ``requirements/app.txt`` (the application) and
``requirements/dev.txt`` (with the tests and the Windows build) pin each release with its hashes,
and stay inside the ranges ``pyproject.toml`` declares. A range changed without re-locking, or a
dependency added to one and not the other, fails here; ``requirements/update`` re-locks."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
_PIN = re.compile(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)")


def _locked(name: str) -> dict[str, tuple[str, int]]:
    """Each pinned package of a lock file: its version and how many hashes it carries."""
    pins: dict[str, tuple[str, int]] = {}
    current = ""
    for line in (ROOT / "requirements" / name).read_text(encoding="utf-8").splitlines():
        match = _PIN.match(line)
        if match:
            current = canonicalize_name(match.group(1))
            pins[current] = (match.group(2), 0)
        elif line.strip().startswith("--hash=sha256:") and current:
            version, hashes = pins[current]
            pins[current] = (version, hashes + 1)
    return pins


def _declared(*extras: str) -> list[Requirement]:
    project = PYPROJECT["project"]
    texts = list(project["dependencies"])
    for extra in extras:
        texts.extend(project["optional-dependencies"][extra])
    return [Requirement(text) for text in texts
            if canonicalize_name(Requirement(text).name) != "ethics-desk"]


def _outside_their_ranges(lock: str, *extras: str) -> list[str]:
    pins = _locked(lock)
    wrong = []
    for requirement in _declared(*extras):
        pinned = pins.get(canonicalize_name(requirement.name))
        if pinned is None:
            wrong.append(f"{requirement.name}: not in requirements/{lock}")
        elif not requirement.specifier.contains(pinned[0], prereleases=True):
            wrong.append(f"{requirement.name}=={pinned[0]} outside {requirement.specifier}")
    return wrong


def test_the_application_lock_pins_every_dependency_inside_its_range() -> None:
    assert _outside_their_ranges("app.txt", "server") == []


def test_the_development_lock_pins_the_tests_and_the_build_too() -> None:
    assert _outside_their_ranges("dev.txt", "server", "test", "build") == []


def test_every_pinned_release_carries_its_hashes() -> None:
    for lock in ("app.txt", "dev.txt"):
        unhashed = [name for name, (_version, hashes) in _locked(lock).items() if hashes == 0]
        assert unhashed == [], f"requirements/{lock}"


def test_both_locks_pin_the_same_release_of_what_they_share() -> None:
    app, dev = _locked("app.txt"), _locked("dev.txt")
    assert {name: app[name][0] for name in app} == {name: dev[name][0] for name in app if name in dev}


def test_the_build_backend_is_locked_for_the_editable_install() -> None:
    backend = Requirement(PYPROJECT["build-system"]["requires"][0])
    assert backend.specifier.contains(_locked("app.txt")[canonicalize_name(backend.name)][0])
