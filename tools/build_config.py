"""What `build.spec` makes on each system, as plain data a test can check (issue 21).

PyInstaller cannot build for another system, so each system's build runs on
that system and `build.spec` asks `form(sys.platform)` what to make:

- Linux: one file, `dist/tabletop` (players download one file and run it).
- Windows: a folder, `dist/tabletop/tabletop.exe` and its files, shipped as a
  zip: a one-file build unpacks itself at every start and antivirus programs
  often flag that.
- macOS: an application bundle, `dist/tabletop.app`, shipped in a .dmg.

Every form carries the licences (`assets/licenses/`) inside it and a copy in
a `licenses` folder beside the program. Everything here is pure Python: the
icon files are written from PNG images without Pillow.

`python tools/build_config.py program` prints the program's path in dist/
for this system (`.ci/run` runs it for the self-test).
"""

from __future__ import annotations

import re
import struct
import sys
from dataclasses import dataclass

SYSTEMS = ("linux", "win32", "darwin")
NAME = "tabletop"
BUNDLE_ID = "org.tabletop-games.tabletop"


@dataclass(frozen=True)
class Form:
    system: str
    kind: str  # "onefile", "folder" or "app"
    program: str  # the program to run, as a path inside dist/
    icon: str | None  # the icon file format the system wants, None: the executable carries no icon
    version_resource: bool  # the version goes into the file's properties (Windows)
    licences_beside: str  # the folder in dist/ that gets a copy of the licences, beside the program
    console: bool = False  # no console window on Windows and macOS


def system_of(platform: str) -> str:
    """`sys.platform` to one of SYSTEMS (every other Unix builds like Linux)."""
    if platform.startswith("win"):
        return "win32"
    if platform == "darwin":
        return "darwin"
    return "linux"


def form(platform: str) -> Form:
    system = system_of(platform)
    if system == "win32":
        return Form(system, "folder", f"{NAME}/{NAME}.exe", "ico", True, f"{NAME}/licenses")
    if system == "darwin":
        return Form(system, "app", f"{NAME}.app/Contents/MacOS/{NAME}", "icns", False, "licenses")
    return Form(system, "onefile", NAME, None, False, "licenses")


def version_numbers(version: str) -> tuple[int, int, int, int]:
    """'0.2.0' -> (0, 2, 0, 0): the four numbers Windows keeps (a suffix such as 'rc1' is dropped)."""
    m = re.match(r"^(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?", version)
    if not m:
        raise ValueError(f"version {version!r} does not start with a number")
    return tuple(int(g or 0) for g in m.groups())  # type: ignore[return-value]


def windows_version_file(version: str) -> str:
    """The version resource in PyInstaller's text form (the `version=` file of EXE)."""
    nums = version_numbers(version)
    strings = [
        ("CompanyName", NAME),
        ("FileDescription", "tabletop: fight-themed card and board games"),
        ("FileVersion", version),
        ("InternalName", NAME),
        ("LegalCopyright", "MIT licence; see the licenses folder for the parts we ship"),
        ("OriginalFilename", f"{NAME}.exe"),
        ("ProductName", NAME),
        ("ProductVersion", version),
    ]
    table = ",\n          ".join(f"StringStruct({k!r}, {v!r})" for k, v in strings)
    return (
        "VSVersionInfo(\n"
        f"  ffi=FixedFileInfo(filevers={nums!r}, prodvers={nums!r}, mask=0x3F, flags=0x0, OS=0x40004,\n"
        "    fileType=0x1, subtype=0x0, date=(0, 0)),\n"
        "  kids=[\n"
        "    StringFileInfo([StringTable('040904B0', [\n"
        f"          {table}])]),\n"
        "    VarFileInfo([VarStruct('Translation', [1033, 1200])]),\n"
        "  ],\n"
        ")\n"
    )


def mac_info_plist(version: str) -> dict:
    """Extra Info.plist keys of the .app (BUNDLE's `version=` sets CFBundleShortVersionString)."""
    return {
        "CFBundleDisplayName": NAME,
        "CFBundleVersion": version,
        "CFBundleShortVersionString": version,
        "NSHighResolutionCapable": True,
        "NSHumanReadableCopyright": "MIT licence; see the licenses folder for the parts we ship",
        "LSApplicationCategoryType": "public.app-category.board-games",
    }


# Icon sizes each format gets. Windows takes PNG images in an .ico for every
# size; macOS names each PNG image in an .icns by a four-letter type.
ICO_SIZES = (16, 32, 48, 64, 256)
ICNS_TYPES = ((b"ic07", 128), (b"ic08", 256), (b"ic13", 256))  # 128, 256, and 128 at double density


def icon_sizes(fmt: str) -> tuple[int, ...]:
    sizes = ICO_SIZES if fmt == "ico" else tuple(s for _, s in ICNS_TYPES)
    return tuple(sorted(set(sizes)))


def png_size(png: bytes) -> tuple[int, int]:
    if png[:8] != b"\x89PNG\r\n\x1a\n" or png[12:16] != b"IHDR":
        raise ValueError("not a PNG image")
    return struct.unpack(">II", png[16:24])


def ico(pngs: dict[int, bytes]) -> bytes:
    """An .ico file holding each PNG image as it is (Windows Vista and later read PNG entries)."""
    sizes = sorted(pngs)
    head = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(head) + 16 * len(sizes)
    entries, blobs = b"", b""
    for size in sizes:
        data = pngs[size]
        if png_size(data) != (size, size):
            raise ValueError(f"the {size}px icon image is {png_size(data)}")
        side = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(data), offset + len(blobs))
        blobs += data
    return head + entries + blobs


def icns(pngs: dict[int, bytes]) -> bytes:
    """An .icns file: each entry a four-letter type, its length, and a PNG image."""
    body = b""
    for kind, size in ICNS_TYPES:
        data = pngs[size]
        if png_size(data) != (size, size):
            raise ValueError(f"the {size}px icon image is {png_size(data)}")
        body += kind + struct.pack(">I", 8 + len(data)) + data
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


if __name__ == "__main__":
    if sys.argv[1:] == ["program"]:
        print(form(sys.platform).program)
    else:
        print("usage: python tools/build_config.py program", file=sys.stderr)
        sys.exit(2)
