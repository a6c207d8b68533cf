"""What the command line prints reaches a file or a pipe whole: on Windows in UTF-8, whatever
the code page; elsewhere in the locale's encoding, a letter it cannot hold shown as "?"."""

from __future__ import annotations

import io

from ethics_desk.cli.common import never_fail_on_encoding

NAMES = "“demo” — José Peña, 王伟, محمد الأحمد"


def test_on_windows_output_redirected_to_a_file_is_utf8_and_holds_every_name() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="cp1252")  # what Windows gives a redirected stream
    never_fail_on_encoding(stream, platform="win32")
    stream.write(NAMES)
    stream.flush()
    assert raw.getvalue().decode("utf-8") == NAMES


def test_elsewhere_a_stream_keeps_its_encoding_and_a_letter_it_lacks_shows_as_a_question_mark(
        ) -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    never_fail_on_encoding(stream, platform="linux")
    stream.write("José Peña")
    stream.flush()
    assert raw.getvalue() == b"Jos? Pe?a"


def test_a_closed_stream_is_left_as_it_is() -> None:
    stream = io.TextIOWrapper(io.BytesIO(), encoding="cp1252")
    stream.close()
    never_fail_on_encoding(stream, platform="win32")
    assert stream.closed
