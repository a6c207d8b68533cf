"""What the one-folder bundle of Ethics Desk is: its identity and the Qt parts it may carry.

Read by ``build_installer.spec`` (which builds the bundle from it), by the installer script's
generated defines (``installer/ethics-desk.nsi``) and by ``tests/test_bundle.py`` (which
compares a built folder with it), so each fact about the bundle is stated here once. Standard
library only: the spec imports it inside PyInstaller, the tests without PyInstaller.

The Qt allow-list names what the application loads — its Qt modules (Core, Gui, Widgets,
PrintSupport, Pdf, PdfWidgets) with the libraries they link, the platform plugins of a desk
(Windows; X11 on Linux) and the offscreen one of the smoke test, Windows' own style, CUPS
printing on Linux, and the compose input context with which Linux types accented names.
Nothing else of Qt travels: no image format (the window icon is PNG, built into QtGui; exhibits
open in the system's viewer), no SVG, no TLS or network plugin (of the network, only the
Qt6Network library QtPdf links), no SQL driver, no Wayland, no QML, and no translation (the
application's texts are its own, in English and in the Spanish letters).
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

GUI_EXE = "EthicsDesk"
"""The windowed executable (``EthicsDesk.exe``): the Start-menu shortcut starts it."""
CONSOLE_EXE = "ethics-desk"
"""The console executable (``ethics-desk.exe``) for IT's commands: check, backup, restore, …"""
FOLDER = "EthicsDesk"
"""The bundle's folder under ``dist/``, and the install folder's name."""

PRODUCT = "Ethics Desk"
COMPANY = "City of San Antonio, Office of the City Clerk"
COPYRIGHT = "City of San Antonio"

EXCLUDED_MODULES = (
    # Nothing of the application imports these. ReportLab imports Pillow's core (PIL.Image) at
    # start, but no paper of Ethics Desk draws an image, a font through Pillow or a colour
    # profile: its text rendering, AVIF, WebP, colour management and Tk parts stay out (with
    # their libraries: libavif, FreeType and HarfBuzz, lcms2, libwebp).
    *(f"PIL.{name}" for name in (
        "ImageFont", "_imagingft", "ImageCms", "_imagingcms", "AvifImagePlugin", "_avif",
        "WebPImagePlugin", "_webp", "ImageTk", "_imagingtk", "ImageQt", "ImageMath",
        "_imagingmath", "ImageMorph", "_imagingmorph", "ImageShow", "ImageGrab")),
    "tkinter", "_tkinter", "numpy", "pytest", "hypothesis", "_pytest", "mypy",
    "IPython", "lib2to3", "pydoc_data", "unittest", "setuptools", "pip",
    # Mako (Alembic's templates, used only to write new revisions) highlights with Pygments
    # when it is there.
    "pygments",
    # Qt modules the application never imports.
    "PySide6.QtNetwork", "PySide6.QtQml", "PySide6.QtQuick", "PySide6.QtQuickWidgets",
    "PySide6.QtOpenGL", "PySide6.QtOpenGLWidgets", "PySide6.QtSvg", "PySide6.QtSvgWidgets",
    "PySide6.QtSql", "PySide6.QtTest", "PySide6.QtXml", "PySide6.QtConcurrent",
    "PySide6.QtUiTools", "PySide6.QtDesigner", "PySide6.QtHelp", "PySide6.QtDBus",
    "PySide6.QtWebEngineCore", "PySide6.QtWebEngineWidgets", "PySide6.Qt3DCore",
)

QT_LIBRARIES: dict[str, frozenset[str]] = {
    # Qt's own libraries, by base name (libQt6Core.so.6 and Qt6Core.dll are both "Qt6Core").
    # QtPdf links Qt6Network (the library only: no Python module, TLS or network plugin).
    # Linux: QtGui links D-Bus (the accessibility bus) and the xcb platform its XcbQpa library;
    # PySide6's Qt6Core links the ICU it ships (Windows' Qt uses the system's).
    # QtCharts (the Statistics screen) links Qt6OpenGL and Qt6OpenGLWidgets (the libraries only:
    # their Python modules stay out).
    "linux": frozenset({"Qt6Core", "Qt6Gui", "Qt6Widgets", "Qt6PrintSupport", "Qt6Pdf",
                        "Qt6PdfWidgets", "Qt6Network", "Qt6DBus", "Qt6XcbQpa",
                        "Qt6Charts", "Qt6OpenGL", "Qt6OpenGLWidgets",
                        "icudata", "icuuc", "icui18n"}),
    "windows": frozenset({"Qt6Core", "Qt6Gui", "Qt6Widgets", "Qt6PrintSupport", "Qt6Pdf",
                          "Qt6PdfWidgets", "Qt6Network",
                          "Qt6Charts", "Qt6OpenGL", "Qt6OpenGLWidgets"}),
}

QT_PLUGINS: dict[str, frozenset[str]] = {
    # "type/name" under Qt's plugins folder, by base name (libqxcb.so and qxcb.dll are "qxcb").
    "linux": frozenset({"platforms/qxcb", "platforms/qoffscreen",
                        "platforminputcontexts/composeplatforminputcontextplugin",
                        "printsupport/cupsprintersupport"}),
    "windows": frozenset({"platforms/qwindows", "platforms/qoffscreen",
                          "styles/qmodernwindowsstyle"}),
}

UNUSED_FILES = frozenset({"opengl32sw.dll", "d3dcompiler_47.dll"})
"""Files PyInstaller's Qt hooks add on Windows that the application never loads: the software
OpenGL renderer (20 MB) and Direct3D's shader compiler; nothing of it draws with OpenGL."""

_QT_LIBRARY = re.compile(r"^(?:lib)?(Qt6[A-Za-z0-9]+)(?:\.so[.\d]*|\.dll)$"
                         r"|^lib(icu(?:data|uc|i18n))\.so[.\d]*$")
"""Qt's libraries (``libQt6Core.so.6``, ``Qt6Core.dll``), and the ICU PySide6 ships on Linux;
any ICU DLL on Windows is the analysis's to decide."""
_PLUGIN_FILE = re.compile(r"^(?:lib)?(.+?)(?:\.so|\.dll|\.dylib)$")


def platform_key(name: str) -> str:
    """"windows" for sys.platform "win32", else "linux" (the two builds the office uses)."""
    return "windows" if name.startswith("win") else "linux"


def qt_library_name(file_name: str) -> str | None:
    """The base name of a Qt (or its ICU) library file, or None for any other file."""
    match = _QT_LIBRARY.match(file_name)
    return (match.group(1) or match.group(2)) if match else None


def qt_plugin_name(relative: str) -> str | None:
    """``type/name`` of a path inside a bundle under ``…/Qt/plugins/`` (or ``plugins/``), else
    None."""
    parts = PurePosixPath(relative.replace("\\", "/")).parts
    for index in range(len(parts) - 2):
        if parts[index] == "plugins" and (index == 0 or parts[index - 1] in {"Qt", "PySide6"}):
            match = _PLUGIN_FILE.match(parts[-1])
            if match is None or len(parts) != index + 3:
                return None
            return f"{parts[index + 1]}/{match.group(1)}"
    return None


def is_qt_translation(relative: str) -> bool:
    """Whether a bundle path is one of Qt's translation files (``…/translations/*.qm``)."""
    parts = PurePosixPath(relative.replace("\\", "/")).parts
    return "translations" in parts and parts[-1].endswith(".qm")


def keep_in_bundle(relative: str, platform: str) -> bool:
    """Whether the spec keeps a binary or data file at ``relative`` (its path in the bundle):
    Qt libraries and plugins only when allowed, no Qt translation, none of the unused files or
    of a data folder's ``__pycache__``; anything else as analysed."""
    key = platform_key(platform)
    if is_qt_translation(relative):
        return False
    path = PurePosixPath(relative.replace("\\", "/"))
    if path.name.lower() in UNUSED_FILES or "__pycache__" in path.parts:
        return False  # (a data folder's __pycache__ is the build machine's leftover)
    plugin = qt_plugin_name(relative)
    if plugin is not None:
        return plugin in QT_PLUGINS[key]
    library = qt_library_name(PurePosixPath(relative.replace("\\", "/")).name)
    if library is not None:
        return library in QT_LIBRARIES[key]
    return True


@dataclass(frozen=True)
class BuiltQt:
    """The Qt libraries and plugins found in a built folder, by base name."""

    libraries: frozenset[str]
    plugins: frozenset[str]
    translations: tuple[str, ...]


def built_qt(folder: Path) -> BuiltQt:
    """What of Qt a built bundle folder carries."""
    libraries: set[str] = set()
    plugins: set[str] = set()
    translations: list[str] = []
    for path in folder.rglob("*"):
        if not path.is_file():
            continue
        relative = path.relative_to(folder).as_posix()
        if is_qt_translation(relative):
            translations.append(relative)
            continue
        plugin = qt_plugin_name(relative)
        if plugin is not None:
            plugins.add(plugin)
            continue
        library = qt_library_name(path.name)
        if library is not None:
            libraries.add(library)
    return BuiltQt(frozenset(libraries), frozenset(plugins), tuple(sorted(translations)))


@dataclass(frozen=True)
class Identity:
    """What the version resource of both executables and the installer say, from the
    package's metadata (pyproject.toml)."""

    product: str
    company: str
    description: str
    version: str
    copyright: str

    @property
    def numeric_version(self) -> tuple[int, int, int, int]:
        """The version as Windows' four numbers (``0.1.0`` → 0, 1, 0, 0)."""
        numbers = [int(part) for part in re.findall(r"\d+", self.version.split("+")[0])[:4]]
        while len(numbers) < 4:
            numbers.append(0)
        return numbers[0], numbers[1], numbers[2], numbers[3]

    @property
    def dotted_version(self) -> str:
        """``0.1.0.0``: the file and product version Windows shows in Properties → Details."""
        return ".".join(str(number) for number in self.numeric_version)


def identity(root: Path) -> Identity:
    """The identity of the build of the source tree at ``root``, from its pyproject.toml."""
    with (root / "pyproject.toml").open("rb") as file:
        project = tomllib.load(file)["project"]
    return Identity(product=PRODUCT, company=COMPANY, description=str(project["description"]),
                    version=str(project["version"]), copyright=COPYRIGHT)


def version_file_text(who: Identity, original_name: str) -> str:
    """The version resource of one executable, in PyInstaller's version-file form (a
    ``VSVersionInfo(...)`` expression): what Windows shows in Properties → Details. The spec
    writes it to a file and gives it to ``EXE(version=…)`` on Windows."""
    strings = [
        ("CompanyName", who.company),
        ("FileDescription", f"{who.product} — {who.description}"),
        ("FileVersion", who.dotted_version),
        ("InternalName", original_name.rsplit(".", 1)[0]),
        ("LegalCopyright", who.copyright),
        ("OriginalFilename", original_name),
        ("ProductName", who.product),
        ("ProductVersion", who.version),
    ]
    table = ",\n".join(f"          StringStruct({name!r}, {value!r})" for name, value in strings)
    numbers = who.numeric_version
    return (
        "VSVersionInfo(\n"
        f"  ffi=FixedFileInfo(filevers={numbers}, prodvers={numbers}),\n"
        "  kids=[\n"
        "    StringFileInfo([\n"
        "      StringTable('040904B0', [  # US English, Unicode\n"
        f"{table}])]),\n"
        "    VarFileInfo([VarStruct('Translation', [1033, 1200])])])\n"
    )


def nsis_defines(root: Path, bundle: Path) -> list[str]:
    """The ``-D`` options that give the installer script the build's identity and folder
    (makensis takes ``-`` on every system, ``/`` only on Windows)."""
    who = identity(root)
    return [f"-DPRODUCT={who.product}", f"-DCOMPANY={who.company}",
            f"-DVERSION={who.version}", f"-DVERSION4={who.dotted_version}",
            f"-DGUI_EXE={GUI_EXE}.exe", f"-DCONSOLE_EXE={CONSOLE_EXE}.exe",
            f"-DFOLDER={FOLDER}", f"-DBUNDLE={bundle}"]
