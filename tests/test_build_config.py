"""What build.spec makes on each system (issue 21): one file on Linux, a folder
with tabletop.exe on Windows, an .app on macOS; the icon each system wants; the
version in the Windows file properties; the licences beside the program.

build.spec takes every per-system choice from tools/build_config.py, which is
tested here for all three systems (PyInstaller builds only for the system it
runs on, so only the Linux build itself runs here: in .ci/run)."""

import io
import plistlib
import struct
from pathlib import Path

import pygame
import pytest

import tabletop
from tools import build_config as bc

ROOT = Path(__file__).resolve().parent.parent
LICENCES = ROOT / "assets" / "licenses"


def test_linux_is_one_file_named_tabletop_without_icon_or_version_resource():
    f = bc.form("linux")
    assert (f.kind, f.program, f.icon, f.version_resource) == ("onefile", "tabletop", None, False)


def test_windows_is_a_folder_with_tabletop_exe_its_icon_and_version():
    f = bc.form("win32")
    assert (f.kind, f.program, f.icon, f.version_resource) == ("folder", "tabletop/tabletop.exe", "ico", True)
    assert not f.console  # no console window behind the game


def test_macos_is_an_app_bundle_with_an_icns_icon():
    f = bc.form("darwin")
    assert (f.kind, f.program, f.icon, f.version_resource) == (
        "app",
        "tabletop.app/Contents/MacOS/tabletop",
        "icns",
        False,
    )
    assert not f.console


@pytest.mark.parametrize("platform", ["linux", "win32", "darwin"])
def test_the_licences_folder_is_beside_what_a_player_downloads(platform):
    f = bc.form(platform)
    shipped = Path(f.program).parts[0]  # the file, folder or .app a player gets
    beside = Path(f.licences_beside)
    if f.kind == "folder":
        assert beside.parent == Path(shipped)  # inside the zipped folder, next to tabletop.exe
    else:
        assert beside.parent == Path(shipped).parent  # next to the file or the .app in dist/ (and the .dmg)


def test_other_platform_names_build_like_their_system():
    assert bc.system_of("win32") == "win32" and bc.system_of("linux2") == "linux"
    assert bc.system_of("freebsd14") == "linux"


def test_the_licences_of_the_font_pygame_ce_and_sdl_are_shipped():
    texts = {p.name: p.read_text(encoding="utf-8") for p in LICENCES.glob("*.txt")}
    assert any("Bitstream Vera" in t for t in texts.values()), "DejaVu font licence"
    assert any("GNU LESSER GENERAL PUBLIC LICENSE" in t and "Version 2.1" in t for t in texts.values()), "pygame-ce"
    assert any("Sam Lantinga" in t and "Altered source versions" in t for t in texts.values()), "SDL zlib licence"
    readme = texts["README.txt"]
    for name in texts:
        if name != "README.txt":
            assert name in readme, f"README.txt does not say what {name} is"


def test_the_licences_are_what_tabletop_licenses_prints(capsys):
    from tabletop.app import main

    assert main(["--licenses"]) == 0
    out = capsys.readouterr().out
    for p in LICENCES.glob("*.txt"):
        assert f"===== {p.name} =====" in out


@pytest.mark.parametrize(
    "version, numbers",
    [("0.2.0", (0, 2, 0, 0)), ("1.10", (1, 10, 0, 0)), ("2.3.4.5", (2, 3, 4, 5)), ("1.0.0rc1", (1, 0, 0, 0))],
)
def test_version_numbers_for_windows(version, numbers):
    assert bc.version_numbers(version) == numbers


def test_a_version_without_a_number_is_refused():
    with pytest.raises(ValueError):
        bc.version_numbers("next")


def _read_version_file(text):
    # PyInstaller reads this file with eval() into its version classes (which
    # need Windows' pefile to import); here each class records what it was given.
    def make(name):
        return lambda *args, **kwargs: {"class": name, "args": args, **kwargs}

    names = ["VSVersionInfo", "FixedFileInfo", "StringFileInfo", "StringTable", "StringStruct"]
    names += ["VarFileInfo", "VarStruct"]
    return eval(text, {"__builtins__": {}}, {n: make(n) for n in names})


def test_the_windows_file_properties_carry_the_program_version():
    info = _read_version_file(bc.windows_version_file(tabletop.__version__))
    ffi = info["ffi"]
    nums = bc.version_numbers(tabletop.__version__)
    assert ffi["filevers"] == nums and ffi["prodvers"] == nums
    table = info["kids"][0]["args"][0][0]
    strings = dict(s["args"] for s in table["args"][1])
    assert strings["FileVersion"] == tabletop.__version__ == strings["ProductVersion"]
    assert strings["OriginalFilename"] == "tabletop.exe" and strings["ProductName"] == "tabletop"


def test_the_mac_app_carries_the_program_version():
    plist = bc.mac_info_plist(tabletop.__version__)
    assert plist["CFBundleShortVersionString"] == tabletop.__version__ == plist["CFBundleVersion"]
    plistlib.dumps(plist)  # every value is one a property list can hold


def _pngs(sizes):
    """Our icon scaled to each size, as PNG bytes (as build.spec makes them)."""
    src = pygame.image.load(str(ROOT / "assets" / "icon.png"))
    out = {}
    for size in sizes:
        buf = io.BytesIO()
        pygame.image.save(pygame.transform.smoothscale(src, (size, size)), buf, "icon.png")
        out[size] = buf.getvalue()
    return out


def test_the_windows_icon_holds_every_size_as_a_png_of_that_size():
    sizes = bc.icon_sizes("ico")
    assert 256 in sizes and 16 in sizes and 32 in sizes
    data = bc.ico(_pngs(sizes))
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind, count) == (0, 1, len(sizes))
    seen = []
    for i in range(count):
        w, h, _, _, planes, bits, length, offset = struct.unpack("<BBBBHHII", data[6 + 16 * i : 22 + 16 * i])
        image = data[offset : offset + length]
        side = bc.png_size(image)[0]
        assert bc.png_size(image) == (side, side) and (w or 256) == side == (h or 256)
        seen.append(side)
    assert sorted(seen) == sorted(sizes)
    assert offset + length == len(data)


def test_the_mac_icon_is_an_icns_of_png_images():
    data = bc.icns(_pngs(bc.icon_sizes("icns")))
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    pos, kinds = 8, {}
    while pos < len(data):
        kind, length = data[pos : pos + 4], struct.unpack(">I", data[pos + 4 : pos + 8])[0]
        kinds[kind] = bc.png_size(data[pos + 8 : pos + length])
        pos += length
    assert pos == len(data)
    assert kinds[b"ic07"] == (128, 128) and kinds[b"ic08"] == (256, 256)


def test_an_icon_image_of_the_wrong_size_is_refused():
    pngs = _pngs((16, 32))
    with pytest.raises(ValueError):
        bc.ico({16: pngs[32]})


def test_build_spec_takes_its_choices_from_build_config():
    spec = (ROOT / "build.spec").read_text(encoding="utf-8")
    assert "build_config.form(sys.platform)" in spec
    for use in ("form.kind", "form.icon", "form.version_resource", "form.licences_beside", "form.console"):
        assert use in spec, use


def test_every_library_the_program_ships_has_its_licence_beside_it():
    import re
    import tomllib

    deps = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]
    readme = (LICENCES / "README.txt").read_text(encoding="utf-8")
    for dep in deps:
        name = re.match(r"[A-Za-z0-9_.-]+", dep).group(0)
        assert name in readme, f"{name} ships inside the program, but assets/licenses/README.txt does not name it"
