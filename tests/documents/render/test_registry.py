"""Every document is registered by kind, renders from sample data, and can be screenshotted."""

from __future__ import annotations

import pytest

from ethics_desk.core.errors import UserError
from ethics_desk.documents.render.registry import RENDERERS, kinds, renderer_for
from tests.documents.render.helpers import fonts_used, page_count, screenshot, text_of
from tests.documents.render.helpers import sample as sample_data


def test_the_registry_lists_the_intake_documents_then_the_letters() -> None:
    assert [kind for kind, _ in kinds()][:4] == ["sworn-complaint", "receipt", "unsworn-return",
                                                 "info-sheet"]
    assert {"respondent-notice", "envelope", "labels"} <= set(RENDERERS)
    assert all(title for _, title in kinds())


def test_an_unknown_kind_is_refused_with_the_list_of_kinds() -> None:
    with pytest.raises(UserError, match="sworn-complaint, receipt"):
        renderer_for("thank-you-note")


@pytest.mark.parametrize("kind", list(RENDERERS))
def test_every_kind_renders_from_its_data_with_embedded_fonts_and_page_numbers(
        kind: str) -> None:
    pdf = renderer_for(kind)().render(sample_data(kind))
    screenshot(f"kind-{kind}", pdf)
    assert pdf.startswith(b"%PDF-")
    pages = page_count(pdf)
    if kind not in ("envelope", "labels"):  # drawn on their own stock, with no footer
        assert f"Page {pages} of {pages}" in text_of(pdf)
    assert all(font.embedded and "DejaVuSans" in font.base_font for font in fonts_used(pdf))


@pytest.mark.parametrize("kind", list(RENDERERS))
def test_every_kind_renders_to_identical_bytes_for_the_same_data(kind: str) -> None:
    renderer = renderer_for(kind)()
    assert renderer.render(sample_data(kind)) == renderer.render(sample_data(kind))
