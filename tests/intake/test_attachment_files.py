"""An attachment is read as the intake and the case's papers both read it
(:func:`ethics_desk.intake.record.read_attachment`): a PDF or an image, a regular file — never a
device, a pipe or a folder, nor a link to one — of at most 25 MB, or a message naming the file
and the fix (a link named ``.pdf`` to ``/dev/zero`` was once read until memory ran out)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

from ethics_desk.core.errors import UserError
from ethics_desk.intake import record
from ethics_desk.intake.record import MAX_ATTACHMENT_BYTES, read_attachment


@pytest.mark.skipif(sys.platform == "win32", reason="no /dev/zero on Windows")
def test_an_attachment_linked_to_dev_zero_is_refused_unread(tmp_path: Path) -> None:
    exhibit = tmp_path / "exhibit.pdf"
    exhibit.symlink_to("/dev/zero")
    with pytest.raises(UserError) as refused:
        read_attachment(exhibit)
    assert refused.value.problem == (f"“{exhibit}” is not a file that can be attached: it is a "
                                     "device, a pipe or a folder (or a link to one), so it was "
                                     "not read.")
    assert refused.value.fix == "Choose the scanned file itself, a PDF or an image."


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_an_attachment_that_is_a_named_pipe_does_not_wait_for_a_writer(tmp_path: Path) -> None:
    pipe = tmp_path / "scan.pdf"
    os.mkfifo(pipe)
    with pytest.raises(UserError, match="is not a file that can be attached"):
        read_attachment(pipe)


def test_a_folder_named_like_a_pdf_is_not_attached(tmp_path: Path) -> None:
    folder = tmp_path / "scans.pdf"
    folder.mkdir()
    with pytest.raises(UserError, match="is not a file that can be attached"):
        read_attachment(folder)


def test_an_attachment_over_the_limit_is_refused_naming_its_size_and_the_fix(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(record, "MAX_ATTACHMENT_BYTES", 1024 * 1024)
    big = tmp_path / "scan.pdf"
    big.write_bytes(b"%PDF-1.4\n" + b"0" * (2 * 1024 * 1024))
    with pytest.raises(UserError) as refused:
        read_attachment(big)
    assert refused.value.problem == "“scan.pdf” is 2.0 MB; the limit is 1 MB."
    assert "lower resolution" in refused.value.fix


def test_the_limit_is_a_scanned_exhibits_25_mb() -> None:
    assert MAX_ATTACHMENT_BYTES == 25 * 1024 * 1024


def test_a_pdf_within_the_limit_is_read_whole(tmp_path: Path) -> None:
    scan = tmp_path / "truck-photos.pdf"
    scan.write_bytes(b"%PDF-1.4 photographs")
    attached = read_attachment(scan)
    assert (attached.file_name, attached.media_type, attached.content) == (
        scan.name, "application/pdf", b"%PDF-1.4 photographs")


def test_a_link_to_a_pdf_is_followed_and_read_whole(tmp_path: Path) -> None:
    scan = tmp_path / "truck-photos.pdf"
    scan.write_bytes(b"%PDF-1.4 photographs")
    link = tmp_path / "link-to-scan.pdf"
    try:
        link.symlink_to(scan)
    except OSError as refused:  # Windows without the right to make links
        pytest.skip(f"this account may not make symbolic links: {refused}")
    if not link.is_symlink():
        pytest.skip("this platform accepted the link and made none (Wine 8)")
    attached = read_attachment(link)
    assert (attached.file_name, attached.media_type, attached.content) == (
        link.name, "application/pdf", b"%PDF-1.4 photographs")


def test_a_file_that_is_not_there_is_named(tmp_path: Path) -> None:
    with pytest.raises(UserError, match=r"“gone\.pdf” could not be read"):
        read_attachment(tmp_path / "gone.pdf")
