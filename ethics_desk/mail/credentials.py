"""The mail server's password, kept in the operating system's credential store.

The password the office's mail server asks for (``mail.user`` on ``mail.server``) is kept
through ``keyring`` — Windows Credential Manager, the macOS Keychain, the Secret Service — under
:data:`SERVICE`, by server and user: never in the database (which every desk and every backup
carries), a setting, a log, an audit record or a message. Each computer that sends keeps its own
copy, set in Settings → Set the mail password or with ``ethics-desk mail password``. A computer
with no credential store cannot keep one, and says so rather than writing it to a file. No Qt
here.
"""

from __future__ import annotations

from typing import Any

from ethics_desk.core.account import Account
from ethics_desk.core.clock import Clock
from ethics_desk.core.errors import UserError
from ethics_desk.core.permissions import Act
from ethics_desk.office import settings
from ethics_desk.staff.acting import service
from ethics_desk.storage import audit
from ethics_desk.storage.database import Database

SERVICE = "Ethics Desk mail server"
"""The credential store's service name; the entry's user name is ``user@server``."""


def _entry(host: str, user: str) -> str:
    return f"{user}@{host}"


def _store() -> Any:
    """The credential store, or a :class:`UserError` where this computer has none."""
    import keyring
    from keyring.backends import fail

    try:
        backend = keyring.get_keyring()
    except Exception as exc:  # a broken configuration: said, not a traceback
        raise UserError(f"This computer's credential store could not be opened ({exc}).",
                        "Ask IT to check it (keyring); the mail password is kept only "
                        "there.") from None
    if isinstance(backend, fail.Keyring) or \
            type(backend).__module__.startswith("keyring.backends.null"):
        raise UserError("This computer has no credential store to keep the mail password in.",
                        "Ask IT to set one up (Windows Credential Manager, the macOS Keychain "
                        "or the Secret Service); the password is never kept in a file.")
    return backend


def password(host: str, user: str) -> str | None:
    """The password kept on this computer for ``user`` on the mail server ``host``."""
    found = _store().get_password(SERVICE, _entry(host, user))
    return None if found is None else str(found)


def has_password(host: str, user: str) -> bool:
    """Whether this computer keeps a password for ``user`` on ``host`` (False where it has
    no credential store)."""
    try:
        return password(host, user) is not None
    except UserError:
        return False


@service(Act.EDIT_SETTINGS, "Setting the mail server's password")
def set_password(database: Database, secret: str, *, account: Account, clock: Clock) -> None:
    """Keep ``secret`` as the password of the mail server the settings name, in this computer's
    credential store (an empty one removes it); audited without the password."""
    with database.read_session() as session:
        host = str(settings.get(session, settings.MAIL_SERVER)).strip()
        user = str(settings.get(session, settings.MAIL_USER)).strip()
    if not host or not user:
        raise UserError("Set the mail server and its user name first.",
                        "Enter them in Settings and save, then set the password.")
    store = _store()
    entry = _entry(host, user)
    if secret:
        store.set_password(SERVICE, entry, secret)
    elif store.get_password(SERVICE, entry) is not None:
        store.delete_password(SERVICE, entry)
    with database.unit_of_work() as session:
        audit.append(session, actor=account.display, action="mail.password", at=clock(),
                     summary=(f"Kept a new password for {user} on the mail server {host} in "
                              "this computer's credential store" if secret else
                              f"Removed the password for {user} on the mail server {host} from "
                              "this computer's credential store"),
                     detail={"server": host, "user": user, "removed": not secret})
