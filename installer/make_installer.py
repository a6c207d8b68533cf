"""Compiles the Windows installer (``installer/ethics-desk.nsi``) around a built bundle with
``makensis`` (NSIS 3: on Windows, or Debian's ``nsis`` package on Linux, as CI does), giving it
the build's identity from :mod:`bundle`::

    python installer/make_installer.py dist/EthicsDesk [--out dist/EthicsDesk-0.1.0-setup.exe]
        [--fast] [--sign-command "…"] [--target amd64-unicode]

``--fast`` compresses with zlib instead of solid LZMA (CI's check, about a third of the time;
a larger file). ``--sign-command`` is run by makensis on the installer and on the uninstaller
it writes (``!finalize``; ``%1`` is the file), e.g. ``installer/sign.ps1`` on the Windows runner.
``--target`` compiles for another NSIS target than the shipped 32-bit ``x86-unicode``: CI's
Windows stage under Wine uses ``amd64-unicode`` where the machine has no 32-bit Wine.
Prints the installer's path on its last line.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

import bundle  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    """Compile the installer; returns makensis's exit status."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bundle", type=Path, help="the built folder (dist/EthicsDesk)")
    parser.add_argument("--out", type=Path, help="the installer to write")
    parser.add_argument("--fast", action="store_true", help="zlib instead of solid LZMA")
    parser.add_argument("--sign-command", help="signs the installer and uninstaller (%%1: file)")
    parser.add_argument("--target", choices=("x86-unicode", "amd64-unicode"),
                        help="the NSIS target (default: the shipped x86-unicode)")
    args = parser.parse_args(argv)
    makensis = shutil.which("makensis")
    if makensis is None:
        print("make_installer: makensis is not installed (NSIS 3; Debian: apt-get install nsis)",
              file=sys.stderr)
        return 2
    folder = args.bundle.resolve()
    who = bundle.identity(ROOT)
    out = (args.out or folder.parent / f"{bundle.FOLDER}-{who.version}-setup.exe").resolve()
    command = [makensis, "-V2", "-INPUTCHARSET", "UTF8", *bundle.nsis_defines(ROOT, folder),
               f"-DOUTFILE={out}"]
    if args.sign_command:
        command.append(f"-DSIGN_COMMAND={args.sign_command}")
    if args.fast:
        command.append("-DFAST")
    if args.target:
        command.append(f"-DTARGET={args.target}")
    command.append(str(HERE / "ethics-desk.nsi"))
    result = subprocess.run(command, check=False)
    if result.returncode == 0:
        print(out)
    return result.returncode


if __name__ == "__main__":
    raise SystemExit(main())
