"""Deadlines: business-day calendars, the statutory clocks and due dates with explanations.

Pure functions over plain data (no Qt, no database): closures and receipts are passed in. The
clocks are those of City Code § 2-83(d) and (e), § 2-85(c), § 2-87(a) and the Public Information
Act (Gov't Code § 552.301); counting follows the Code Construction Act (Gov't Code § 311.014).
"""

from ethics_desk.deadlines.calendar import (
    RESOURCES_DIR,
    BusinessCalendar,
    CalendarRules,
    Closure,
    DayKind,
    FixedDay,
    RelativeDay,
    RequiredDay,
    WithDesignatedDays,
    city_calendar,
    load_rules,
    state_calendar,
)
from ethics_desk.deadlines.clocks import (
    CLOCKS,
    PIA_MAILED_RECEIPT_BUSINESS_DAYS,
    PIA_MAILED_RECEIPT_CITATION,
    PUBLIC_INFORMATION_CLOCKS,
    ClockKind,
    ClockRule,
    CountUnit,
    clock,
)
from ethics_desk.deadlines.compute import (
    DueDate,
    Receipt,
    ReceiptBasis,
    SkippedDay,
    ToldDate,
    actual_receipt,
    add_business_days,
    compute_due,
    format_day,
    presumed_receipt,
)

__all__ = [
    "CLOCKS",
    "PIA_MAILED_RECEIPT_BUSINESS_DAYS",
    "PIA_MAILED_RECEIPT_CITATION",
    "PUBLIC_INFORMATION_CLOCKS",
    "RESOURCES_DIR",
    "BusinessCalendar",
    "CalendarRules",
    "ClockKind",
    "ClockRule",
    "Closure",
    "CountUnit",
    "DayKind",
    "DueDate",
    "FixedDay",
    "Receipt",
    "ReceiptBasis",
    "RelativeDay",
    "RequiredDay",
    "SkippedDay",
    "ToldDate",
    "WithDesignatedDays",
    "actual_receipt",
    "add_business_days",
    "city_calendar",
    "clock",
    "compute_due",
    "format_day",
    "load_rules",
    "presumed_receipt",
    "state_calendar",
]
