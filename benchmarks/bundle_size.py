"""The one-folder bundle's size beside a bare PySide6 window frozen by PyInstaller in the same
run: ``python benchmarks/bundle_size.py --bundle dist/EthicsDesk``. Builds the bare window (a
QWidget shown, PyInstaller's defaults, one folder) in a temporary folder, and prints both
folders' sizes and file counts, and the application's largest parts; the last line is one JSON
object. Needs PyInstaller (the ``[build]`` extra); takes a minute or two.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

BARE_WINDOW = """\
import sys
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication(sys.argv)
window = QWidget()
window.show()
"""


def folder_size(folder: Path) -> tuple[int, int]:
    """Bytes and files under ``folder`` (symbolic links not followed)."""
    files = [path for path in folder.rglob("*") if path.is_file() and not path.is_symlink()]
    return sum(path.stat().st_size for path in files), len(files)


def largest_parts(folder: Path, count: int = 8) -> dict[str, float]:
    """The biggest entries of the bundle's ``_internal`` folder, in MB."""
    internal = folder / "_internal"
    sizes = {}
    for entry in internal.iterdir():
        if entry.is_symlink():
            continue
        size = folder_size(entry)[0] if entry.is_dir() else entry.stat().st_size
        sizes[entry.name] = round(size / 1e6, 1)
    return dict(sorted(sizes.items(), key=lambda item: -item[1])[:count])


def main() -> None:
    """Build the bare window, measure both, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bundle", type=Path, required=True, help="the built dist/EthicsDesk")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as work:
        script = Path(work) / "bare_window.py"
        script.write_text(BARE_WINDOW, encoding="utf-8")
        subprocess.run([sys.executable, "-m", "PyInstaller", "--noconfirm", "--onedir",
                        "--log-level", "WARN", "--distpath", f"{work}/dist",
                        "--workpath", f"{work}/build", "--specpath", work, str(script)],
                       check=True)
        bare_bytes, bare_files = folder_size(Path(work) / "dist" / "bare_window")
    app_bytes, app_files = folder_size(args.bundle)
    figures = {"bundle_mb": round(app_bytes / 1e6, 1), "bundle_files": app_files,
               "bare_window_mb": round(bare_bytes / 1e6, 1), "bare_window_files": bare_files,
               "ratio": round(app_bytes / bare_bytes, 2),
               "largest_mb": largest_parts(args.bundle)}
    print(f"Ethics Desk: {figures['bundle_mb']} MB in {app_files} files; a bare PySide6 window: "
          f"{figures['bare_window_mb']} MB in {bare_files} files")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
