"""The Windows build: what the one-folder bundle is (installer/bundle.py, read by the spec) and,
given a built folder, that it carries exactly that — two executables over one set of
libraries, the PostgreSQL driver, keyring's Windows backend, openpyxl, the icon, and of Qt only the
libraries and plugins the application loads, no translation.

A built folder is named by ``ETHICS_DESK_TEST_BUNDLE`` (``.ci/run`` builds one and sets it; so
does the Windows workflow). Without it the folder's tests say so and skip; under ``CI`` its
absence fails (:func:`test_ci_names_the_built_bundle`), as the printing tests do.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

import ethics_desk

ROOT = Path(__file__).resolve().parents[1]
BUNDLE_ENV = "ETHICS_DESK_TEST_BUNDLE"
BUILT = os.environ.get(BUNDLE_ENV, "").strip()


def _load_bundle_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("ethics_desk_bundle", ROOT / "installer" / "bundle.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


bundle = _load_bundle_module()
PLATFORM = bundle.platform_key(sys.platform)

needs_build = pytest.mark.skipif(not BUILT, reason=f"no built bundle ({BUNDLE_ENV} unset); "
                                 ".ci/run builds one with build_installer.spec and sets it")


@pytest.fixture
def built() -> Path:
    folder = Path(BUILT)
    assert folder.is_dir(), f"{BUNDLE_ENV}={BUILT} is not a folder: build it (README, The Windows build)"
    return folder


def _internal(built: Path) -> Path:
    return built / "_internal"


# -- what the bundle is, without building it ----------------------------------------------------


def test_ci_names_the_built_bundle() -> None:
    assert BUILT or not os.environ.get("CI"), (
        f"CI is set but {BUNDLE_ENV} is not: run the tests through .ci/run, which builds the "
        "bundle and names it")


def test_the_executables_identity_comes_from_the_package_metadata() -> None:
    identity = bundle.identity(ROOT)
    assert identity.version == ethics_desk.__version__
    assert identity.product == "Ethics Desk"
    assert identity.company.startswith("City of San Antonio")
    assert "§ 2-83" in identity.description
    assert identity.dotted_version == ".".join([*ethics_desk.__version__.split("."), "0", "0", "0"][:4])


def _read_version_file(text: str) -> dict[str, object]:
    """The version file evaluated as PyInstaller evaluates it, each structure a record."""
    def structure(kind: str) -> object:
        return lambda *args, **kwargs: {"kind": kind, "args": args, **kwargs}

    names = ("VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct",
             "VarFileInfo", "VarStruct")
    result = eval(text, {"__builtins__": {}}, {name: structure(name) for name in names})
    assert isinstance(result, dict)
    return result


def test_the_version_resource_names_the_product_its_company_and_both_versions() -> None:
    identity = bundle.identity(ROOT)
    resource = _read_version_file(bundle.version_file_text(identity, "ethics-desk.exe"))
    assert resource["kind"] == "VSVersionInfo"
    fixed = resource["ffi"]
    assert isinstance(fixed, dict)
    assert fixed["filevers"] == fixed["prodvers"] == identity.numeric_version
    string_file_info, var_file_info = resource["kids"]  # type: ignore[misc]
    table = string_file_info["args"][0][0]
    assert table["args"][0] == "040904B0"
    strings = {struct["args"][0]: struct["args"][1] for struct in table["args"][1]}
    assert strings["CompanyName"] == identity.company
    assert strings["ProductName"] == "Ethics Desk"
    assert strings["FileVersion"] == identity.dotted_version
    assert strings["ProductVersion"] == ethics_desk.__version__
    assert strings["OriginalFilename"] == "ethics-desk.exe"
    assert "§ 2-83" in strings["FileDescription"]
    assert var_file_info["args"][0][0]["args"] == ("Translation", [1033, 1200])


@pytest.mark.parametrize(("version", "numbers"), [
    ("0.1.0", (0, 1, 0, 0)), ("1.2", (1, 2, 0, 0)), ("2.3.4.5", (2, 3, 4, 5)),
    ("1.0.0rc1", (1, 0, 0, 1)), ("1.4.2+local.7", (1, 4, 2, 0)),
])
def test_windows_reads_the_version_as_four_numbers(version: str,
                                                   numbers: tuple[int, int, int, int]) -> None:
    identity = bundle.Identity("P", "C", "D", version, "C")
    assert identity.numeric_version == numbers


@pytest.mark.parametrize(("path", "platform", "kept"), [
    ("PySide6/Qt/translations/qtbase_de.qm", "linux", False),
    ("PySide6/translations/qt_es.qm", "win32", False),
    ("PySide6/Qt/plugins/platforms/libqxcb.so", "linux", True),
    ("PySide6/Qt/plugins/platforms/libqwayland.so", "linux", False),
    ("PySide6/Qt/plugins/platformthemes/libqgtk3.so", "linux", False),
    ("PySide6/Qt/plugins/imageformats/libqjpeg.so", "linux", False),
    ("PySide6/plugins/platforms/qwindows.dll", "win32", True),
    ("PySide6/plugins/styles/qmodernwindowsstyle.dll", "win32", True),
    ("PySide6/plugins/tls/qschannelbackend.dll", "win32", False),
    ("PySide6/Qt/lib/libQt6Pdf.so.6", "linux", True),
    ("PySide6/Qt/lib/libQt6Network.so.6", "linux", True),
    ("PySide6/Qt/lib/libQt6Quick.so.6", "linux", False),
    ("PySide6/Qt/lib/libicudata.so.73", "linux", True),
    ("PySide6/icuuc.dll", "win32", True),
    ("PySide6/opengl32sw.dll", "win32", False),
    ("ethics_desk/storage/migrations/__pycache__/env.cpython-311.pyc", "linux", False),
    ("PySide6/Qt6Widgets.dll", "win32", True),
    ("PySide6/Qt6Quick.dll", "win32", False),
    ("psycopg_binary.libs/libpq-9b38f5e3.so.5.17", "linux", True),
    ("resources/fonts/DejaVuSans.ttf", "linux", True),
])
def test_the_build_keeps_of_qt_only_the_allowed_libraries_and_plugins(path: str, platform: str,
                                                                      kept: bool) -> None:
    assert bundle.keep_in_bundle(path, platform) is kept


def _ico_sizes(path: Path) -> set[int]:
    data = path.read_bytes()
    reserved, kind, count = struct.unpack_from("<HHH", data, 0)
    assert (reserved, kind) == (0, 1), "not an icon file"
    return {data[6 + 16 * index] or 256 for index in range(count)}


def test_the_icon_has_the_sizes_windows_uses() -> None:
    sizes = _ico_sizes(ROOT / "installer" / "ethics-desk.ico")
    assert {16, 20, 24, 32, 40, 48, 64, 256} <= sizes


def test_the_window_icon_files_exist_at_each_size_the_application_loads() -> None:
    from ethics_desk.core.resources import resource_path

    for size in (16, 24, 32, 48, 64, 128, 256):
        png = resource_path("icons", f"ethics-desk-{size}.png").read_bytes()
        assert png[:8] == b"\x89PNG\r\n\x1a\n"
        assert struct.unpack(">II", png[16:24]) == (size, size)


def test_the_installer_is_given_the_builds_identity_and_folder() -> None:
    defines = bundle.nsis_defines(ROOT, Path("dist/EthicsDesk"))
    assert f"-DVERSION={ethics_desk.__version__}" in defines
    assert "-DGUI_EXE=EthicsDesk.exe" in defines and "-DCONSOLE_EXE=ethics-desk.exe" in defines
    script = (ROOT / "installer" / "ethics-desk.nsi").read_text(encoding="utf-8")
    for define in defines:
        name = define[2:].split("=", 1)[0]
        assert "${" + name + "}" in script, f"the installer script does not use {name}"


# -- a built folder -------------------------------------------------------------------------------


def _executable(name: str) -> str:
    return f"{name}.exe" if PLATFORM == "windows" else name


@needs_build
def test_the_bundle_has_the_windowed_and_the_console_executable_over_one_set_of_libraries(
        built: Path) -> None:
    executables = sorted(path.name for path in built.iterdir() if path.is_file())
    assert _executable(bundle.GUI_EXE) in executables
    assert _executable(bundle.CONSOLE_EXE) in executables
    assert sorted(path.name for path in built.iterdir() if path.is_dir()) == ["_internal"]
    # The code is shared as files, not carried twice inside each executable.
    assert (_internal(built) / "ethics_desk" / "cli" / "__init__.pyc").is_file()
    assert all((built / name).stat().st_size < 8_000_000 for name in executables)


@needs_build
def test_the_bundle_carries_exactly_the_qt_libraries_the_application_loads(built: Path) -> None:
    assert bundle.built_qt(built).libraries == bundle.QT_LIBRARIES[PLATFORM]


@needs_build
def test_the_bundle_carries_exactly_the_qt_plugins_the_application_loads(built: Path) -> None:
    assert bundle.built_qt(built).plugins == bundle.QT_PLUGINS[PLATFORM]


@needs_build
@pytest.mark.skipif(shutil.which("ldd") is None, reason="ldd reads Linux libraries only; the "
                    "Windows workflow's smoke test loads the DLLs instead")
def test_every_library_in_the_bundle_finds_every_library_it_links(built: Path) -> None:
    """A library the allow-list or an exclusion left out is missing here long before a clerk
    opens the one screen that loads it (QtPdf's Qt6Network, for the letter preview)."""
    internal = _internal(built)
    missing = []
    for library in sorted(internal.rglob("*.so*")):
        if library.is_symlink() or not library.is_file():
            continue
        result = subprocess.run(["ldd", str(library)], capture_output=True, text=True,
                                check=False, env={**os.environ, "LD_LIBRARY_PATH": str(internal)})
        missing += [f"{library.relative_to(internal)}: {line.split()[0]}"
                    for line in result.stdout.splitlines() if "not found" in line]
    assert missing == []


@needs_build
def test_the_bundle_carries_no_qt_translation(built: Path) -> None:
    assert bundle.built_qt(built).translations == ()


@needs_build
def test_the_bundle_carries_the_postgresql_driver_with_its_own_libpq(built: Path) -> None:
    internal = _internal(built)
    assert (internal / "psycopg" / "__init__.pyc").is_file()
    assert list((internal / "psycopg_binary").glob("_psycopg*")), "psycopg's C wrapper is missing"
    assert list(internal.rglob("libpq*")), "libpq is missing"
    assert (internal / "sqlalchemy" / "dialects" / "postgresql" / "psycopg.pyc").is_file()


@needs_build
def test_the_bundle_carries_keyrings_windows_backend_and_the_entry_points_that_name_it(
        built: Path) -> None:
    internal = _internal(built)
    assert (internal / "keyring" / "backends" / "Windows.pyc").is_file()
    entry_points = [path.read_text(encoding="utf-8")
                    for path in internal.glob("keyring-*.dist-info/entry_points.txt")]
    assert entry_points and "keyring.backends.Windows" in entry_points[0]
    if PLATFORM == "windows":  # its Credential Manager calls go through pywin32-ctypes
        assert (internal / "win32ctypes").is_dir()


@needs_build
def test_the_bundle_carries_openpyxl_for_the_list_exported_to_excel(built: Path) -> None:
    internal = _internal(built)  # imported where the export writes a workbook, not at start
    assert (internal / "openpyxl" / "workbook").is_dir()
    assert (internal / "et_xmlfile").is_dir()


@needs_build
def test_the_bundle_carries_no_module_the_application_does_not_load(built: Path) -> None:
    internal = _internal(built)
    present = [name for name in ("tkinter", "pygments", "numpy", "pytest", "hypothesis",
                                 "setuptools") if (internal / name).exists()]
    present += [path.name for path in internal.rglob("*") if path.name.lower() in bundle.UNUSED_FILES]
    present += [path.name for pattern in ("_imagingft*", "_avif*", "_webp*", "_imagingcms*",
                                          "_imagingtk*")
                for path in (internal / "PIL").glob(pattern)]
    assert present == []


@needs_build
def test_the_bundle_carries_the_resources_and_the_window_icon(built: Path) -> None:
    resources = _internal(built) / "resources"
    assert (resources / "icons" / "ethics-desk-32.png").is_file()
    assert (resources / "fonts" / "DejaVuSans.ttf").is_file()
    assert (resources / "manual" / "README.md").is_file()  # Help → Manual (F1)
    assert list((resources / "manual" / "how-to" / "images").glob("*.png"))
    # The calendars, and the holidays package's table they read instead of importing it.
    for name in ("city.json", "state.json", "package-holidays.json"):
        assert (resources / "calendars" / name).is_file(), name
    assert (_internal(built) / "ethics_desk" / "storage" / "migrations" / "env.py").is_file()
