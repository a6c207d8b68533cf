"""The audit trail: appended in the same transaction as the act, hash-chained, and verifiable.

Each record's hash covers its own fields and the hash of the record before it, so an edited,
deleted or reordered record breaks the chain. The head (last sequence number and hash) is kept
in the ``setting`` table in the same transaction, so that deleting the newest records is caught
too. The database's triggers refuse UPDATE and DELETE on ``audit_record``, but for one change: a
disposal (:func:`redact_case`) empties the summary and detail of the destroyed case's records,
which name its parties, under a voucher (:class:`~ethics_desk.models.AuditRedaction`) holding
the record's hash; the chain then takes the voucher for the hash it can no longer recompute.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from sqlalchemy import insert, select, text
from sqlalchemy.orm import Session

from ethics_desk.core.clock import Clock
from ethics_desk.models import AuditRecord, AuditRedaction, Setting
from ethics_desk.storage.read_only import UNRECORDED

if TYPE_CHECKING:
    from ethics_desk.core.account import Account

GENESIS = "0" * 64
HEAD_KEY = "audit.head"


def _canonical(seq: int, at: datetime, actor: str, action: str, complaint_id: int | None,
               summary: str, detail: str, prev_hash: str) -> bytes:
    at_utc = at.astimezone(UTC).replace(tzinfo=None).isoformat(timespec="microseconds")
    payload = [seq, at_utc, actor, action, complaint_id, summary, detail, prev_hash]
    return json.dumps(payload, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def record_hash(record: AuditRecord) -> str:
    """The hash a record should carry, recomputed from its fields."""
    return hashlib.sha256(_canonical(record.seq, record.at, record.actor, record.action,
                                     record.complaint_id, record.summary, record.detail,
                                     record.prev_hash)).hexdigest()


@dataclass(frozen=True)
class Viewer:
    """Who sees a case's content, and the clock their act is stamped by: a read that is
    audited in the same transaction as the reading (§ 2-83(h)).

    ``account`` is the signed-in person whose reach the read is limited to
    (:mod:`ethics_desk.staff.scope`); the record names ``actor``, their account.
    """

    actor: str
    clock: Clock
    account: Account | None = None

    @classmethod
    def of(cls, account: Account, clock: Clock) -> Viewer:
        """The signed-in ``account`` reading, stamped by ``clock``."""
        return cls(account.display, clock, account)


@dataclass(frozen=True)
class Entry:
    """One record to append with :func:`append_many`: what :func:`append` takes but the
    session and the time."""

    actor: str
    action: str
    summary: str
    complaint_id: int | None = None
    detail: dict[str, Any] | None = None


def append(session: Session, *, actor: str, action: str, summary: str,
           at: datetime, complaint_id: int | None = None,
           detail: dict[str, Any] | None = None) -> AuditRecord:
    """Append one audit record, stamped ``at`` (the act's time, from its clock), in the caller's
    transaction and move the chain head. (On a database that takes no more data, a read's
    record is made but not written: :meth:`ethics_desk.storage.database.Database.unit_of_work`.)
    """
    [record] = append_many(session, [Entry(actor, action, summary, complaint_id, detail)], at=at)
    return record


def append_many(session: Session, entries: Iterable[Entry], *, at: datetime) -> list[AuditRecord]:
    """Append one audit record per entry, in order, all stamped ``at``, in the caller's
    transaction, chained as :func:`append` chains them one by one; the head moves once and the
    records are written in one flush (a print run's reprints, one record per document)."""
    entries = list(entries)
    head = session.get(Setting, HEAD_KEY)
    if head is None:
        seq, prev = 0, GENESIS
    else:
        last = json.loads(head.value)
        seq, prev = int(last["seq"]), str(last["hash"])
    # Round-trip through storage keeps microseconds only; hash what will be read back.
    at = at.astimezone(UTC)
    records = []
    for entry in entries:
        seq += 1
        detail_text = json.dumps(entry.detail or {}, ensure_ascii=False, sort_keys=True,
                                 default=str)
        record = AuditRecord(seq=seq, at=at, actor=entry.actor or "unknown",
                             action=entry.action, complaint_id=entry.complaint_id,
                             summary=entry.summary, detail=detail_text, prev_hash=prev, hash="")
        record.hash = prev = record_hash(record)
        records.append(record)
    if not records:
        return records
    if session.info.get(UNRECORDED) is not None and _reads_only(entries):
        return records  # a read of a database that takes no more data: it cannot be recorded
    session.add_all(records)
    head_value = json.dumps({"seq": seq, "hash": prev})
    if head is None:
        session.add(Setting(key=HEAD_KEY, value=head_value))
    else:
        head.value = head_value
    session.flush()
    return records


READ_PREFIXES = ("view.", "preview.", "print.", "save.", "export.")
"""Audit actions that record someone seeing or taking a copy of a case's content."""

READ_ACTIONS = frozenset({"board.packet", "document.issue"})
"""Other audit actions that put a case's content before someone: the Board packet made, a
paper issued (its copy is handed or mailed)."""


def is_access(action: str) -> bool:
    """Whether the audit action ``action`` records a read of a case (the case's access history,
    :mod:`ethics_desk.cases.access`)."""
    return action.startswith(READ_PREFIXES) or action in READ_ACTIONS


def _reads_only(entries: list[Entry]) -> bool:
    """Whether every entry records a read of a case (a view, a preview, a print, an export)."""
    return bool(entries) and all(is_access(entry.action) for entry in entries)


@dataclass(frozen=True)
class ChainProblem:
    """One break in the audit chain, in words."""

    seq: int | None
    message: str


REDACT_FUNCTION = "ethics_desk_audit_redact"
"""PostgreSQL: the owner's function that empties audit records under their vouchers."""
VOUCHER_GUARD = "audit_redaction_of_a_disposal"
"""PostgreSQL: the trigger (and its function) that refuses a voucher in ``audit_redaction`` for
a record not of a case whose disposal the same transaction recorded."""


def _sha(value: str) -> str:
    return hashlib.sha256(value.encode("utf-8")).hexdigest()


def pg_redact_function() -> str:
    """``ethics_desk_audit_redact(seqs, replacement)`` as ``server setup`` installs it: revision
    0010's, which empties only records whose voucher matches them, beginning with the check
    that a person's own role calls it only as the Records officer
    (:func:`ethics_desk.storage.server_roles.disposer_check`), and only records of a case whose
    disposal the same transaction recorded
    (:data:`ethics_desk.storage.journal.DISPOSED_HERE`). Followed by the statements that make
    ``audit_redaction`` refuse a voucher outside such a disposal (:data:`VOUCHER_GUARD`)."""
    from ethics_desk.storage.journal import DISPOSED_HERE, pg_owner_exempt
    from ethics_desk.storage.server_roles import disposer_check

    return (
        f"CREATE OR REPLACE FUNCTION {REDACT_FUNCTION}(seqs bigint[], replacement text) "
        "RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp "
        "AS $fn$ DECLARE n integer := 0; r record; BEGIN\n"
        + disposer_check() +
        "PERFORM set_config('ethics_desk.redacting', 'on', true); "
        "FOR r IN SELECT a.seq, a.complaint_id, a.hash, a.summary, a.detail, v.hash AS vouched, "
        "v.summary_sha, "
        "v.detail_sha FROM audit_record a LEFT JOIN audit_redaction v ON v.seq = a.seq "
        "WHERE a.seq = ANY(seqs) ORDER BY a.seq LOOP "
        "IF r.vouched IS NULL OR r.vouched <> r.hash "
        "OR encode(sha256(convert_to(r.summary, 'UTF8')), 'hex') <> r.summary_sha "
        "OR encode(sha256(convert_to(r.detail, 'UTF8')), 'hex') <> r.detail_sha THEN "
        "RAISE EXCEPTION USING MESSAGE = 'audit record ' || r.seq || ' has no voucher matching "
        "it'; END IF; "
        f"IF NOT {pg_owner_exempt(repr('audit_record'))} "
        f"AND (r.complaint_id IS NULL OR r.complaint_id NOT IN ({DISPOSED_HERE})) THEN "
        "RAISE EXCEPTION USING MESSAGE = 'audit record ' || r.seq || ' is of no case whose "
        "disposal this transaction recorded', ERRCODE = 'insufficient_privilege'; END IF; "
        "UPDATE audit_record SET summary = replacement, detail = '{}' "
        "WHERE seq = r.seq; n := n + 1; END LOOP; "
        "PERFORM set_config('ethics_desk.redacting', 'off', true); RETURN n; END $fn$;\n"
        f"CREATE OR REPLACE FUNCTION {VOUCHER_GUARD}() RETURNS trigger LANGUAGE plpgsql "
        "SECURITY DEFINER SET search_path = public, pg_temp AS $fn$ BEGIN "
        f"IF NOT {pg_owner_exempt()} AND NOT EXISTS (SELECT 1 FROM audit_record a "
        f"WHERE a.seq = NEW.seq AND a.complaint_id IN ({DISPOSED_HERE})) THEN "
        "RAISE EXCEPTION USING MESSAGE = 'audit record ' || NEW.seq || ' is of no case whose "
        "disposal this transaction recorded: it is not emptied', "
        "ERRCODE = 'insufficient_privilege'; END IF; RETURN NEW; END $fn$;\n"
        f"REVOKE ALL ON FUNCTION {VOUCHER_GUARD}() FROM PUBLIC;\n"
        f"DROP TRIGGER IF EXISTS {VOUCHER_GUARD} ON audit_redaction;\n"
        f"CREATE TRIGGER {VOUCHER_GUARD} BEFORE INSERT ON audit_redaction FOR EACH ROW "
        f"EXECUTE FUNCTION {VOUCHER_GUARD}()")


CHAIN_FUNCTION = "ethics_desk_audit_chain"
"""PostgreSQL: the owner's function that verifies the whole chain for a person who reads only a
part of it (the audit trail's row-level security): each break's record and words, never a
record's content."""


def pg_chain_function(check: str) -> str:
    """``ethics_desk_audit_chain()`` as ``server setup`` installs it: :func:`verify_chain` in
    SQL, each record's hash recomputed from the same canonical text (``_canonical``: the JSON
    array of its fields, without spaces, accents kept), a record a disposal emptied held to its
    voucher, and the head compared with the last record. ``check`` is the statement that
    refuses a caller who may not read the trail (run first)."""
    canonical = (
        "'[' || r.seq || ',' || to_json(to_char(r.at, 'YYYY-MM-DD\"T\"HH24:MI:SS.US'))::text "
        "|| ',' || to_json(r.actor)::text || ',' || to_json(r.action)::text || ',' "
        "|| coalesce(r.complaint_id::text, 'null') || ',' || to_json(r.summary)::text || ',' "
        "|| to_json(r.detail)::text || ',' || to_json(r.prev_hash)::text || ']'")
    return (
        f"CREATE OR REPLACE FUNCTION {CHAIN_FUNCTION}() RETURNS TABLE (seq integer, message "
        "text) LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp "
        "SET TimeZone = 'UTC' AS $fn$\n"
        "DECLARE r record; expected integer := 1; prev text := repeat('0', 64); "
        "head_value text; BEGIN\n"
        + check +
        "FOR r IN SELECT a.seq, a.at, a.actor, a.action, a.complaint_id, a.summary, a.detail, "
        "a.prev_hash, a.hash, v.hash AS vouched FROM audit_record a LEFT JOIN audit_redaction "
        "v ON v.seq = a.seq ORDER BY a.seq LOOP\n"
        "  IF r.seq <> expected THEN seq := r.seq; message := 'record ' || expected || "
        "' is missing or out of order (found ' || r.seq || ' next)'; RETURN NEXT; END IF;\n"
        "  IF r.prev_hash <> prev THEN seq := r.seq; message := 'record ' || r.seq || "
        "' does not follow the record before it (deleted or reordered)'; RETURN NEXT; END IF;\n"
        "  IF r.vouched IS NOT NULL THEN\n"
        "    IF r.vouched <> r.hash THEN seq := r.seq; message := 'record ' || r.seq || "
        "' is not the one its disposal''s voucher names'; RETURN NEXT; END IF;\n"
        f"  ELSIF encode(sha256(convert_to({canonical}, 'UTF8')), 'hex') <> r.hash THEN\n"
        "    seq := r.seq; message := 'record ' || r.seq || ' was altered after it was "
        "written'; RETURN NEXT;\n"
        "  END IF;\n"
        "  expected := r.seq + 1; prev := r.hash;\n"
        "END LOOP;\n"
        f"SELECT s.value INTO head_value FROM setting s WHERE s.key = '{HEAD_KEY}';\n"
        "IF head_value IS NULL THEN\n"
        "  IF expected > 1 THEN seq := NULL; message := 'the chain head is missing'; "
        "RETURN NEXT; END IF;\n"
        "ELSIF (head_value::json ->> 'seq')::integer <> expected - 1 "
        "OR head_value::json ->> 'hash' <> prev THEN\n"
        "  seq := NULL; message := 'the chain ends at record ' || (expected - 1) || "
        "' but its head says ' || (head_value::json ->> 'seq') || ': newest records were "
        "removed or the head was edited'; RETURN NEXT;\n"
        "END IF;\n"
        "END $fn$")


def redact_case(session: Session, complaint_id: int, *, summary: str, at: datetime,
                reason: str) -> list[int]:
    """Empty the summary and detail of every audit record of the case ``complaint_id`` (a
    disposal's: they may name its parties), each replaced by ``summary`` and ``{}`` under its
    voucher: the ids of the records emptied, in the caller's transaction. The act, the actor,
    the time and the chain stay."""
    done = set(session.scalars(select(AuditRedaction.seq)))
    records = [r for r in session.scalars(select(AuditRecord).where(
        AuditRecord.complaint_id == complaint_id).order_by(AuditRecord.seq))
        if r.seq not in done and (r.summary != summary or r.detail != "{}")]
    if not records:
        return []
    for record in records:
        if record_hash(record) != record.hash:
            from ethics_desk.core.errors import StorageError

            raise StorageError(f"Audit record {record.seq} was altered after it was written, so "
                               "it is not emptied and nothing was destroyed.",
                               "Run “ethics-desk check” and call IT before disposing.")
    session.execute(insert(AuditRedaction), [
        {"seq": r.seq, "hash": r.hash, "summary_sha": _sha(r.summary),
         "detail_sha": _sha(r.detail), "redacted_at": at.astimezone(UTC), "reason": reason}
        for r in records])
    seqs = [r.seq for r in records]
    ids = [r.id for r in records]
    for record in records:
        session.expire(record)
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text(f"SELECT {REDACT_FUNCTION}(CAST(:s AS bigint[]), :m)"),
                        {"s": seqs, "m": summary})
    else:
        session.execute(text("UPDATE audit_record SET summary = :m, detail = '{}' "
                             "WHERE seq = :s"), [{"m": summary, "s": s} for s in seqs])
    return ids


def verify_chain(session: Session) -> list[ChainProblem]:
    """Every break in the chain (empty when it holds), checking order, links, hashes and head;
    a record a disposal emptied is held to its voucher's hash."""
    from sqlalchemy import inspect

    vouched = {int(s): str(h) for s, h in session.execute(
        select(AuditRedaction.seq, AuditRedaction.hash))} \
        if inspect(session.connection()).has_table(AuditRedaction.__tablename__) else {}
    records: Iterable[AuditRecord] = session.scalars(
        select(AuditRecord).order_by(AuditRecord.seq)).yield_per(2000)
    problems: list[ChainProblem] = []
    expected_seq, prev_hash = 1, GENESIS
    for record in records:
        if record.seq != expected_seq:
            problems.append(ChainProblem(record.seq, f"record {expected_seq} is missing or out of "
                                                    f"order (found {record.seq} next)"))
        if record.prev_hash != prev_hash:
            problems.append(ChainProblem(record.seq, f"record {record.seq} does not follow the "
                                                     "record before it (deleted or reordered)"))
        if record.seq in vouched:
            if vouched[record.seq] != record.hash:
                problems.append(ChainProblem(record.seq, f"record {record.seq} is not the one "
                                                         "its disposal's voucher names"))
        elif record_hash(record) != record.hash:
            problems.append(ChainProblem(record.seq, f"record {record.seq} was altered after it "
                                                     "was written"))
        expected_seq, prev_hash = record.seq + 1, record.hash
    head = session.get(Setting, HEAD_KEY)
    last_seq = expected_seq - 1
    if head is None:
        if last_seq:
            problems.append(ChainProblem(None, "the chain head is missing"))
    else:
        value = json.loads(head.value)
        if int(value["seq"]) != last_seq or value["hash"] != prev_hash:
            problems.append(ChainProblem(None, f"the chain ends at record {last_seq} but its head "
                                               f"says {value['seq']}: newest records were removed "
                                               "or the head was edited"))
    return problems
