"""Tab pages built the first time they are chosen, so that a window with many tabs pays, when
it opens, only for the tab it shows first.

Until it is built, a page is an empty placeholder under its label: the tab bar has every label,
Alt-key and accessible name from the start, and choosing the tab (a click, Alt and its letter,
Ctrl+Tab) builds the page in its place before it is painted. Code that needs a page's widgets
asks :meth:`TabPages.page` for it, which builds it then if nobody has chosen it yet. Each page
declares the Alt-keys its controls will use, so that letters given to other controls meanwhile
(:mod:`ethics_desk.ui.mnemonics`) leave them free.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QTabWidget, QWidget


@dataclass
class _Waiting:
    """A page not built yet: its placeholder, how to build it, the Alt-keys it will use."""

    placeholder: QWidget
    build: Callable[[], QWidget]
    keys: frozenset[str]


class TabPages(QObject):
    """The pages of ``tabs`` that are built when first chosen or first asked for."""

    def __init__(self, tabs: QTabWidget) -> None:
        super().__init__(tabs)
        self._tabs = tabs
        self._waiting: dict[str, _Waiting] = {}
        self._built: dict[str, QWidget] = {}
        self._keys: dict[str, frozenset[str]] = {}
        tabs.currentChanged.connect(self._chosen)

    def add(self, name: str, label: str, build: Callable[[], QWidget], *,
            keys: frozenset[str] = frozenset()) -> None:
        """A tab labelled ``label`` (with its ``&``) at the end, whose page ``build`` makes when
        it is first chosen; ``keys``: the Alt-keys of the controls that page will have."""
        placeholder = QWidget()
        placeholder.setObjectName(f"{name}Placeholder")
        placeholder.setAccessibleName(label.replace("&", ""))
        self._waiting[name] = _Waiting(placeholder, build, keys)
        self._keys[name] = keys
        self._tabs.addTab(placeholder, label)  # the first tab is chosen at once: built now

    def is_built(self, name: str) -> bool:
        """Whether the page ``name`` exists yet."""
        return name in self._built

    def keys_of(self, name: str) -> frozenset[str]:
        """The Alt-keys the page ``name`` declared for its controls."""
        return self._keys[name]

    def waiting_keys(self) -> set[str]:
        """The Alt-keys of the pages not built yet: taken already, though no control has them."""
        return {key for waiting in self._waiting.values() for key in waiting.keys}

    def page(self, name: str) -> QWidget:
        """The page ``name``, built now in its placeholder's place if it was not yet (the tab
        chosen stays chosen; the tab widget says nothing of the exchange)."""
        built = self._built.get(name)
        if built is not None:
            return built
        waiting = self._waiting.pop(name)
        page = waiting.build()
        self._built[name] = page
        index = self._tabs.indexOf(waiting.placeholder)
        chosen = self._tabs.currentIndex() == index
        label, tip = self._tabs.tabText(index), self._tabs.tabToolTip(index)
        quiet = self._tabs.blockSignals(True)  # the same tab stays chosen: nothing to say
        try:
            self._tabs.insertTab(index, page, label)
            self._tabs.setTabToolTip(index, tip)
            if chosen:
                self._tabs.setCurrentIndex(index)
            self._tabs.removeTab(index + 1)
        finally:
            self._tabs.blockSignals(quiet)
        waiting.placeholder.deleteLater()
        return page

    def build_all(self) -> list[QWidget]:
        """Every page, built now (for a search of every control of the window)."""
        for name in list(self._waiting):
            self.page(name)
        return list(self._built.values())

    def _chosen(self, index: int) -> None:
        """A tab chosen: build its page if it is still a placeholder."""
        widget = self._tabs.widget(index)
        for name, waiting in list(self._waiting.items()):
            if waiting.placeholder is widget:
                self.page(name)
                return
