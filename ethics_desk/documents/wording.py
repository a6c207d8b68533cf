"""The office's wording of its papers and the Ethics Code enclosure, shared by every desk.

What the office changes about its papers is kept in the database (``office_paper``), not on one
workstation, so every desk prints the same letters:

- **Letter wording.** A paper's shipped template (``resources/templates/receipt.txt``) can be
  replaced by the office's wording of it (Settings → Letter wording). The wording is checked
  before it is stored — it must parse, keep every section the shipped one has and use only the
  placeholders the paper fills — so a broken wording is refused when it is saved, not when a
  clerk prints. Going back to the shipped wording removes the office's.
- **The Ethics Code enclosure** of § 2-83(e): the PDF sent with the notice to a respondent,
  checked to be a readable, unprotected PDF and stored whole. Until one is stored the shipped
  placeholder is enclosed (and the audit record of each packet says so).

Each change is one transaction with its audit record (``wording.change``, ``wording.reset``,
``enclosure.change``, ``enclosure.clear``) and is versioned: a save names the SHA-256 of the
text it started from, and one another desk changed meanwhile is refused, the typed text kept.

Before revision 0006 the wording was a folder of files on each desk (``templates`` in the
data folder) and the enclosure a path in the setting ``documents.ethics_code_pdf``;
:func:`bring_in_this_desk` stores them in the database (once, audited), and until then a stored
path is still enclosed. No Qt here.
"""

from __future__ import annotations

import hashlib
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import platformdirs
from pypdf import PdfReader
from pypdf.errors import PdfReadError
from sqlalchemy import select
from sqlalchemy.orm import Session

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import ConflictError, UserError
from ethics_desk.core.permissions import Act
from ethics_desk.core.resources import resource_path
from ethics_desk.core.vocabulary import Language
from ethics_desk.documents.render.templates import SUFFIX, TemplateError, TemplateLibrary, parse
from ethics_desk.models import OfficePaper, Setting
from ethics_desk.staff.acting import service
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

ENCLOSURE = "ethics-code.pdf"
"""The ``office_paper`` row of the Ethics Code enclosure (§ 2-83(e))."""

PLACEHOLDER_ENCLOSURE = "ethics-code-placeholder.pdf"
"""The shipped stand-in for the Ethics Code, under ``resources/``."""

OLD_ENCLOSURE_SETTING = "documents.ethics_code_pdf"
"""The setting that held the enclosure's file path before revision 0006."""

MAX_ENCLOSURE_BYTES = 50 * 1024 * 1024
"""The largest Ethics Code PDF stored (the Code is a few hundred kilobytes)."""

SETTINGS_PLACE = "Settings → Ethics Code enclosure"

_OFFERED = re.compile(r"\$\{([A-Za-z_][A-Za-z0-9_]*)\}")


def sha256(content: bytes) -> str:
    """The SHA-256 of ``content``, as stored beside it."""
    return hashlib.sha256(content).hexdigest()


def old_desk_folder() -> Path:
    """The folder where this desk kept its wording files before revision 0006
    (``templates`` in the Ethics Desk data folder)."""
    return Path(platformdirs.user_data_dir("EthicsDesk", appauthor=False)) / "templates"


# -- the letter wording ---------------------------------------------------------------------------


@dataclass(frozen=True)
class WordingEntry:
    """One paper's wording in one language, as Settings lists it."""

    file_name: str  # receipt.txt, receipt.es.txt
    title: str  # the paper, as its row in KINDS names it
    language: Language
    office: bool  # whether the office's wording replaces the shipped one
    sha256: str | None  # of the office's wording
    changed_at: datetime | None
    changed_by: str


def library(session: Session) -> TemplateLibrary:
    """The templates as the office prints them: its stored wording over the shipped files."""
    rows = session.execute(select(OfficePaper.name, OfficePaper.content).where(
        OfficePaper.name.like(f"%{SUFFIX}")))
    return TemplateLibrary({name: content.decode("utf-8") for name, content in rows})


def shipped_files() -> dict[str, tuple[str, Language]]:
    """Every shipped template's file name, with the template's name (``receipt`` for
    ``receipt.es.txt``) and its language."""
    shipped = TemplateLibrary()
    return {TemplateLibrary.file_name(name, language): (name, language)
            for language in Language for name in shipped.names(language)}


def wording_entries(database: Database, titles: Mapping[str, str]) -> list[WordingEntry]:
    """Every paper's wording in each of its languages, by title, English first: ``titles``
    gives each template's paper its title (:func:`ethics_desk.documents.kinds.template_titles`,
    the table of kinds being above this module)."""
    with database.read_session() as session:
        stored = {row.name: row for row in session.scalars(select(OfficePaper))}
    entries = []
    for file_name, (name, language) in shipped_files().items():
        title = titles.get(name, name)
        row = stored.get(file_name)
        entries.append(WordingEntry(file_name, title, language, row is not None,
                                    None if row is None else row.sha256,
                                    None if row is None else row.changed_at,
                                    "" if row is None else row.changed_by))
    order = list(Language)
    return sorted(entries, key=lambda e: (e.title.casefold(), order.index(e.language)))


def _known(file_name: str) -> tuple[str, Language]:
    shipped = shipped_files()
    if file_name not in shipped:
        raise UserError(f"“{file_name}” is not the wording of any paper Ethics Desk prints.",
                        "Choose one of the papers listed in Settings → Letter wording (each "
                        "is named like its shipped file, such as receipt.txt).")
    return shipped[file_name]


def wording_text(database: Database, file_name: str) -> tuple[str, str | None]:
    """The wording of ``file_name`` as printed now, and the SHA-256 of the office's wording
    (None when the shipped wording is used): what an editor starts from."""
    _known(file_name)
    with database.read_session() as session:
        row = session.get(OfficePaper, file_name)
        if row is not None:
            return row.content.decode("utf-8"), row.sha256
    return TemplateLibrary().shipped_text(file_name), None


def check_wording(file_name: str, text: str) -> None:
    """Refuse wording that cannot print: it must parse, keep every section of the shipped
    wording and use only placeholders the shipped wording uses (the values the paper fills)."""
    _known(file_name)
    shipped_library = TemplateLibrary()
    shipped_text = shipped_library.shipped_text(file_name)
    shipped = parse(shipped_text, shipped_library.shipped_dir / file_name)
    # The names a paper fills: those its shipped wording uses, and those its opening comment
    # lists for the office.
    offered = set(shipped.placeholders) | set(_OFFERED.findall(shipped_text))
    office = parse(text, Path(file_name), overridden=True)
    for name, line in office.placeholders.items():
        if name not in offered:
            known = ", ".join(f"${{{key}}}" for key in sorted(offered))
            raise TemplateError(
                Path(file_name), f"the placeholder “${{{name}}}” is not one this paper fills.",
                f"Correct it to one of {known}.", placeholder=name, line=line, office=True)
    missing = [name for name in shipped.sections if name not in office.sections]
    if missing:
        listed = ", ".join(f"[{name}]" for name in missing)
        raise TemplateError(
            Path(file_name), f"it has no {listed}, which the paper prints.",
            "Put the section back (copy it from the shipped wording), or go back to the "
            "shipped wording.", section=missing[0], office=True)


def _put(session: Session, row: OfficePaper | None, name: str, content: bytes, file_name: str,
         *, actor: str, now: datetime) -> str:
    """Store ``content`` as the office's ``name`` (a new row, or ``row`` replaced); its SHA-256."""
    digest = sha256(content)
    if row is None:
        session.add(OfficePaper(name=name, content=content, sha256=digest, file_name=file_name,
                                changed_at=now, changed_by=actor))
    else:
        row.content, row.sha256, row.file_name = content, digest, file_name
        row.changed_at, row.changed_by = now, actor
    return digest


def _conflict(row: OfficePaper | None, what: str) -> ConflictError:
    who = ("it was set back to the shipped one" if row is None else
           f"{row.changed_by or 'someone'} changed it on {row.changed_at:%Y-%m-%d at %H:%M} UTC")
    return ConflictError(f"Another desk changed {what} after you opened it ({who}); nothing was "
                         "saved.",
                         "What you typed is still here: copy it, press Reload to see the "
                         "wording as it is now, then make your change again.")


@service(Act.EDIT_WORDING, "Changing the office's letter wording")
def save_wording(database: Database, file_name: str, text: str, *, seen: str | None,
                 account: Account, clock: Clock) -> bool:
    """Store the office's wording of ``file_name`` (checked first), audited; False when it is
    the wording already printed. ``seen`` is the SHA-256 of the office's wording the editor
    started from (None: the shipped one)."""
    check_wording(file_name, text)
    content = text.encode("utf-8")
    digest = sha256(content)
    what = f"the office's wording of “{file_name}”"
    with database.unit_of_work() as session:
        row = session.get(OfficePaper, file_name)
        current = None if row is None else row.sha256
        if current != seen:
            raise _conflict(row, what)
        if current == digest or (row is None and text == TemplateLibrary().shipped_text(
                file_name)):
            return False
        now = clock()
        _put(session, row, file_name, content, file_name, actor=account.display, now=now)
        audit.append(session, actor=account.display, action="wording.change", at=now,
                     summary=f"Changed {what}",
                     detail={"file": file_name, "old_sha256": current, "new_sha256": digest})
    return True


@service(Act.EDIT_WORDING, "Changing the office's letter wording")
def reset_wording(database: Database, file_name: str, *, seen: str | None, account: Account,
                  clock: Clock) -> bool:
    """Go back to the shipped wording of ``file_name`` (the office's is removed), audited;
    False when the shipped wording is already used."""
    _known(file_name)
    what = f"the office's wording of “{file_name}”"
    with database.unit_of_work() as session:
        row = session.get(OfficePaper, file_name)
        if (None if row is None else row.sha256) != seen:
            raise _conflict(row, what)
        if row is None:
            return False
        session.delete(row)
        audit.append(session, actor=account.display, action="wording.reset", at=clock(),
                     summary=f"Went back to the shipped wording of “{file_name}”",
                     detail={"file": file_name, "old_sha256": row.sha256})
    return True


def read_wording_file(path: Path) -> str:
    """A wording file's text (UTF-8, a byte-order mark allowed), or a message naming it."""
    try:
        return path.read_bytes().decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UserError(f"“{path}” is not UTF-8 text ({exc.reason} at byte {exc.start}), so it "
                        "cannot be used as wording.",
                        "Save it again as UTF-8 (in Notepad: Save As, Encoding UTF-8).") from exc
    except OSError as exc:
        raise UserError(f"“{path}” cannot be read ({exc.strerror or exc}).",
                        "Check that the file exists and that you may read it.") from exc


# -- the Ethics Code enclosure -----------------------------------------------------------------


@dataclass(frozen=True)
class Enclosure:
    """The Ethics Code as the (e) packet encloses it, and where it comes from."""

    content: bytes
    label: str  # the file, as messages and the audit record name it
    placeholder: bool  # the shipped stand-in, not the Code
    sha256: str | None = None  # of the stored Code (None: not stored in the database)
    changed_at: datetime | None = None
    changed_by: str = ""
    pages: int = 0


def _old_path(session: Session) -> str:
    import json

    row = session.get(Setting, OLD_ENCLOSURE_SETTING)
    return "" if row is None else str(json.loads(row.value) or "").strip()


def enclosure_reader(content: bytes, label: str, *, placeholder: bool = False) -> PdfReader:
    """The enclosure read as a PDF; unreadable, protected or empty is a message naming it."""
    fix = ("Reinstall Ethics Desk, or store the Ethics Code PDF in " + SETTINGS_PLACE + "."
           if placeholder else f"Choose the Ethics Code PDF again in {SETTINGS_PLACE}.")
    try:
        reader = PdfReader(io.BytesIO(content))
        if reader.is_encrypted:
            raise UserError(f"The Ethics Code enclosure “{label}” is password-protected, so the "
                            "notice packet cannot be issued.",
                            f"Save an unprotected copy of the Code and choose it in "
                            f"{SETTINGS_PLACE}.")
        if not reader.pages:
            raise PdfReadError("no pages")
    except (PdfReadError, ValueError, KeyError, TypeError) as exc:
        raise UserError(f"The Ethics Code enclosure “{label}” is not a readable PDF, so the "
                        "notice packet cannot be issued.", fix) from exc
    return reader


def code_stored(session: Session) -> bool:
    """Whether the (e) notice encloses the office's Ethics Code (stored, or a path set before
    revision 0006) rather than the shipped placeholder, as :func:`enclosure` would choose,
    without reading the Code's bytes."""
    stored = session.scalar(select(OfficePaper.name).where(OfficePaper.name == ENCLOSURE))
    return stored is not None or bool(_old_path(session))


def enclosure(session: Session) -> Enclosure:
    """The enclosure to use: the Code stored by the office, else a file path set before
    revision 0006 (read at this desk), else the shipped placeholder."""
    row = session.get(OfficePaper, ENCLOSURE)
    if row is not None:
        return Enclosure(row.content, row.file_name or ENCLOSURE, False, row.sha256,
                         row.changed_at, row.changed_by)
    old = _old_path(session)
    if old:
        path = Path(old).expanduser()
        try:
            return Enclosure(path.read_bytes(), str(path), False)
        except OSError as exc:
            raise UserError(f"The Ethics Code enclosure “{path}” cannot be read "
                            f"({exc.strerror or exc}), so the notice packet cannot be issued.",
                            f"Store the Code in the office's database: {SETTINGS_PLACE}, "
                            "Choose PDF (every desk then encloses the same file).") from exc
    path = resource_path(PLACEHOLDER_ENCLOSURE)
    try:
        return Enclosure(path.read_bytes(), str(path), True)
    except OSError as exc:
        raise UserError("The shipped placeholder for the Ethics Code is missing, so the notice "
                        "packet cannot be issued.",
                        f"Store the Ethics Code PDF in {SETTINGS_PLACE}, or reinstall Ethics "
                        "Desk.") from exc


def read_enclosure(database: Database) -> Enclosure:
    """The enclosure as Settings shows it (with its page count)."""
    with database.read_session() as session:
        found = enclosure(session)
    try:
        pages = len(enclosure_reader(found.content, found.label,
                                     placeholder=found.placeholder).pages)
    except UserError:
        pages = 0
    return Enclosure(found.content, found.label, found.placeholder, found.sha256,
                     found.changed_at, found.changed_by, pages)


def read_enclosure_file(path: Path) -> bytes:
    """The PDF at ``path`` chosen as the Ethics Code enclosure, read only when it is a regular
    file (never a device, a pipe or a folder, nor a link to one) and of at most
    :data:`MAX_ENCLOSURE_BYTES`; otherwise a :class:`UserError` naming it and the fix."""
    from ethics_desk.core.chosen_files import FileTooLarge, NotARegularFile, read_chosen_file

    fix = "Choose the Code itself (a few hundred kilobytes), not a scan of it."
    try:
        return read_chosen_file(path, MAX_ENCLOSURE_BYTES)
    except NotARegularFile:
        raise UserError(f"“{path}” is not a file: it is a device, a pipe or a folder (or a "
                        "link to one), so it was not read.", fix) from None
    except FileTooLarge:
        raise UserError(f"“{path.name}” is more than {MAX_ENCLOSURE_BYTES // (1024 * 1024)} MB; "
                        f"the Ethics Code enclosure may be at most "
                        f"{MAX_ENCLOSURE_BYTES // (1024 * 1024)} MB.", fix) from None
    except OSError as exc:
        raise UserError(f"“{path}” cannot be read ({exc.strerror or exc}).",
                        "Check that the file exists and that you may read it.") from exc


@service(Act.EDIT_WORDING, "Changing the Ethics Code enclosure")
def set_enclosure(database: Database, content: bytes, file_name: str, *, seen: str | None,
                  account: Account, clock: Clock) -> int:
    """Store the Ethics Code PDF for every desk (checked readable first), audited; returns its
    page count. ``seen`` is the SHA-256 of the stored Code Settings showed (None: none)."""
    file_name = re.split(r"[\\/]", file_name)[-1] or ENCLOSURE  # a Windows path's name too
    if len(content) > MAX_ENCLOSURE_BYTES:
        raise UserError(f"“{file_name}” is {len(content) // (1024 * 1024)} MB; the Ethics Code "
                        f"enclosure may be at most {MAX_ENCLOSURE_BYTES // (1024 * 1024)} MB.",
                        "Choose the Code itself (a few hundred kilobytes), not a scan of it.")
    pages = len(enclosure_reader(content, file_name).pages)
    digest = sha256(content)
    with database.unit_of_work() as session:
        row = session.get(OfficePaper, ENCLOSURE)
        current = None if row is None else row.sha256
        if current != seen:
            raise _conflict(row, "the Ethics Code enclosure")
        now = clock()
        _put(session, row, ENCLOSURE, content, file_name, actor=account.display, now=now)
        _forget_old_path(session)
        audit.append(session, actor=account.display, action="enclosure.change", at=now,
                     summary=f"Stored “{file_name}” ({pages} pages) as the Ethics Code enclosed "
                             "with the notice of § 2-83(e)",
                     detail={"file": file_name, "pages": pages, "old_sha256": current,
                             "new_sha256": digest})
    return pages


@service(Act.EDIT_WORDING, "Changing the Ethics Code enclosure")
def clear_enclosure(database: Database, *, seen: str | None, account: Account, clock: Clock) -> bool:
    """Remove the stored Code (the shipped placeholder is enclosed again), audited; False when
    none was stored."""
    with database.unit_of_work() as session:
        row = session.get(OfficePaper, ENCLOSURE)
        if (None if row is None else row.sha256) != seen:
            raise _conflict(row, "the Ethics Code enclosure")
        old = _old_path(session)
        if row is None and not old:
            return False
        if row is not None:
            session.delete(row)
        _forget_old_path(session)
        audit.append(session, actor=account.display, action="enclosure.clear", at=clock(),
                     summary="Removed the Ethics Code enclosure; the shipped placeholder is "
                             "enclosed until the Code is stored again",
                     detail={"old_sha256": None if row is None else row.sha256,
                             "old_path": old or None})
    return True


def _forget_old_path(session: Session) -> None:
    row = session.get(Setting, OLD_ENCLOSURE_SETTING)
    if row is not None:
        session.delete(row)


# -- what this desk kept before revision 0006 ------------------------------------------------


@dataclass(frozen=True)
class ThisDesk:
    """What this workstation kept itself before the office's papers moved to the database."""

    wording: tuple[Path, ...]  # wording files of shipped papers not yet in the database
    enclosure_path: str  # the old setting's path, when the Code is not stored yet


def this_desk(database: Database, folder: Path | None = None) -> ThisDesk:
    """This desk's old wording files and enclosure path that are not in the database yet."""
    folder = folder if folder is not None else old_desk_folder()
    shipped = shipped_files()
    with database.read_session() as session:
        stored = set(session.scalars(select(OfficePaper.name)))
        old = "" if ENCLOSURE in stored else _old_path(session)
    try:
        files = sorted(p for p in folder.glob(f"*{SUFFIX}")
                       if p.is_file() and p.name in shipped and p.name not in stored)
    except OSError:
        files = []
    return ThisDesk(tuple(files), old)


@service(Act.EDIT_WORDING, "Bringing in this desk's letter wording")
def bring_in_this_desk(database: Database, *, account: Account, clock: Clock,
                       folder: Path | None = None) -> list[str]:
    """Store this desk's old wording files (and the old enclosure path's PDF) in the database,
    each checked first, in one transaction with one audit record each; returns what was
    stored. A file that cannot be used stops it all with a message naming the file."""
    return _bring_in(database, actor=account.display, clock=clock, folder=folder)


def bring_in_on_upgrade(database: Database, *, actor: str, clock: Clock) -> list[str]:
    """What :func:`bring_in_this_desk` does, as the application's own work when it upgrades this
    desk's file (:func:`ethics_desk.maintenance.opening.bring_in_old_papers`): no person acts, the
    audit records name the application (``actor``)."""
    return _bring_in(database, actor=actor, clock=clock)


def _bring_in(database: Database, *, actor: str, clock: Clock,
              folder: Path | None = None) -> list[str]:
    found = this_desk(database, folder)
    texts = {}
    for path in found.wording:
        text = read_wording_file(path)
        check_wording(path.name, text)
        texts[path.name] = text
    code: tuple[bytes, str, int] | None = None
    if found.enclosure_path:
        path = Path(found.enclosure_path).expanduser()
        try:
            content = path.read_bytes()
        except OSError as exc:
            raise UserError(f"The Ethics Code enclosure “{path}” set at this desk cannot be "
                            f"read ({exc.strerror or exc}).",
                            f"Choose the Code again in {SETTINGS_PLACE}.") from exc
        code = (content, path.name, len(enclosure_reader(content, str(path)).pages))
    if not texts and code is None:
        return []
    now = clock()
    with database.unit_of_work() as session:
        done = []
        for file_name, text in texts.items():
            if session.get(OfficePaper, file_name) is not None:
                continue  # another desk brought its own in first; theirs stays
            digest = _put(session, None, file_name, text.encode("utf-8"), file_name,
                          actor=actor, now=now)
            audit.append(session, actor=actor, action="wording.change", at=now,
                         summary=f"Brought this desk's wording of “{file_name}” into the "
                                 "office's database",
                         detail={"file": file_name, "old_sha256": None, "new_sha256": digest,
                                 "from": "this desk's folder"})
            done.append(file_name)
        if code is not None and session.get(OfficePaper, ENCLOSURE) is None:
            content, file_name, pages = code
            digest = _put(session, None, ENCLOSURE, content, file_name, actor=actor, now=now)
            _forget_old_path(session)
            audit.append(session, actor=actor, action="enclosure.change", at=now,
                         summary=f"Stored “{file_name}” ({pages} pages), set at this desk, as "
                                 "the Ethics Code enclosed with the notice of § 2-83(e)",
                         detail={"file": file_name, "pages": pages, "old_sha256": None,
                                 "new_sha256": digest, "from": found.enclosure_path})
            done.append(ENCLOSURE)
    return done
