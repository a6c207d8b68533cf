"""Draws the application's icon: ``installer/ethics-desk.ico`` (the executables' and the
installer's, with the sizes Windows uses) and ``ethics_desk/resources/icons/ethics-desk-N.png`` (the window
icon the application sets at start; PNG is built into QtGui, so no image plugin is needed).

A section sign (§, for City Code § 2-83) in white on the City Clerk's navy, in the bundled
DejaVu Sans Bold. Run it again after changing the design (it needs Pillow, which the bundle
does not carry):  ``python installer/make_icon.py``.
"""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

ROOT = Path(__file__).resolve().parents[1]
ICO_SIZES = (16, 20, 24, 32, 40, 48, 64, 96, 128, 256)
"""Windows' icon sizes: small icons (16–40 at 100–250 % scaling), the desktop (48–96), tiles
and the Explorer's large views (256)."""
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256)
NAVY = (22, 50, 92, 255)
WHITE = (255, 255, 255, 255)


def draw(size: int) -> Image.Image:
    """The icon drawn at ``size`` pixels (drawn large and reduced, for smooth edges)."""
    scale = 4
    big = size * scale
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    canvas = ImageDraw.Draw(image)
    margin = big // 32
    canvas.rounded_rectangle((margin, margin, big - margin, big - margin), radius=big // 6,
                             fill=NAVY)
    font = ImageFont.truetype(str(ROOT / "ethics_desk" / "resources" / "fonts" / "DejaVuSans-Bold.ttf"),
                              int(big * 0.78))
    canvas.text((big / 2, big / 2), "§", font=font, fill=WHITE, anchor="mm")
    return image.resize((size, size), Image.Resampling.LANCZOS)


def main() -> None:
    """Write the .ico and the PNGs."""
    icons = ROOT / "ethics_desk" / "resources" / "icons"
    icons.mkdir(parents=True, exist_ok=True)
    for size in PNG_SIZES:
        draw(size).save(icons / f"ethics-desk-{size}.png", optimize=True)
    largest = draw(256)
    largest.save(ROOT / "installer" / "ethics-desk.ico",
                 sizes=[(size, size) for size in ICO_SIZES],
                 append_images=[draw(size) for size in ICO_SIZES if size != 256])


if __name__ == "__main__":
    main()
