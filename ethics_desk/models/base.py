"""Declarative base, naming conventions and the optimistic-locking mixin shared by every record."""

from __future__ import annotations

from datetime import UTC, datetime
from enum import StrEnum
from typing import TYPE_CHECKING, Any, ClassVar

from sqlalchemy import DateTime, Dialect, Enum, FromClause, Integer, MetaData
from sqlalchemy.orm import DeclarativeBase, Mapped, declared_attr, mapped_column
from sqlalchemy.types import TypeDecorator

NAMING_CONVENTION = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp stored as naive UTC and always read back timezone-aware.

    SQLite keeps no zone; PostgreSQL would. Either way the domain sees aware UTC datetimes.
    """

    impl = DateTime
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Convert to naive UTC for storage; a naive value is refused as ambiguous."""
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError("timestamps must be timezone-aware")
        return value.astimezone(UTC).replace(tzinfo=None)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        """Attach UTC to the stored naive value."""
        return None if value is None else value.replace(tzinfo=UTC)


def enum_type(enum_cls: type[StrEnum]) -> Enum:
    """A portable enum column storing the member *values* (VARCHAR plus CHECK on every backend)."""
    return Enum(
        enum_cls,
        native_enum=False,
        create_constraint=True,
        length=40,
        values_callable=lambda members: [m.value for m in members],
        name=enum_cls.__name__.lower(),
        validate_strings=True,
    )


class Base(DeclarativeBase):
    """The declarative base of every Ethics Desk table (constraint names fixed for migrations)."""

    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map: ClassVar[dict[Any, Any]] = {datetime: UTCDateTime()}


class Versioned:
    """Optimistic locking: a ``version`` column SQLAlchemy checks and bumps on every UPDATE.

    A stale write (another workstation saved the row first) raises ``StaleDataError`` instead of
    silently overwriting; the UI turns that into "changed by … at …".
    """

    version: Mapped[int] = mapped_column(Integer, nullable=False, default=1)

    if TYPE_CHECKING:
        __table__: ClassVar[FromClause]
        """The mapped class's table (a mixin has none of its own; the class it is mixed into does)."""

    @declared_attr.directive
    def __mapper_args__(cls) -> dict[str, Any]:
        return {"version_id_col": cls.__table__.c.version}
