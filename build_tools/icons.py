"""The installable app (O1): its manifests, one a language, and its icons, drawn here
as PNGs (no binary in git)."""

from __future__ import annotations

import json
import struct
import zlib
from pathlib import Path

from .page_words import word_tables

ICON_SIZES = (192, 512)

BOARD_GREEN = (31, 122, 77)

LINE_GREEN = (15, 74, 45)

DISC_COLORS = {"black": (17, 17, 17), "white": (245, 245, 242)}


def icon_pixel(x: float, y: float, maskable: bool) -> tuple[int, int, int, int]:
    """Returns the RGBA colour of the icon at (x, y) in 0..1 units: a board corner of four discs."""
    inset = 0.0 if maskable else 0.04
    corner = 0.0 if maskable else 0.18
    if not (inset <= x <= 1 - inset and inset <= y <= 1 - inset):
        return (0, 0, 0, 0)
    dx, dy = max(inset + corner - x, 0, x - (1 - inset - corner)), max(inset + corner - y, 0, y - (1 - inset - corner))
    if dx * dx + dy * dy > corner * corner:
        return (0, 0, 0, 0)
    radius = 0.15 if maskable else 0.19  # maskable icons keep to the safe circle
    for cx, cy, color in ((0.32, 0.32, "white"), (0.68, 0.68, "white"), (0.68, 0.32, "black"), (0.32, 0.68, "black")):
        cx, cy = 0.5 + (cx - 0.5) * (0.8 if maskable else 1), 0.5 + (cy - 0.5) * (0.8 if maskable else 1)
        if (x - cx) ** 2 + (y - cy) ** 2 <= radius * radius:
            return (*DISC_COLORS[color], 255)
    if abs(x - 0.5) < 0.012 or abs(y - 0.5) < 0.012:
        return (*LINE_GREEN, 255)
    return (*BOARD_GREEN, 255)

def draw_icon(size: int, maskable: bool = False) -> bytes:
    """Returns a PNG of the app icon, size x size pixels; edge pixels are sampled 2x2 for smoothness."""
    centre = [[icon_pixel((px + 0.5) / size, (py + 0.5) / size, maskable) for px in range(size)]
              for py in range(size)]
    rows = bytearray()
    for py in range(size):
        rows.append(0)  # PNG filter type: none
        for px in range(size):
            colour = centre[py][px]
            if any(centre[qy][qx] != colour for qx, qy in ((px - 1, py), (px + 1, py), (px, py - 1), (px, py + 1))
                   if 0 <= qx < size and 0 <= qy < size):
                samples = [icon_pixel((px + ox) / size, (py + oy) / size, maskable)
                           for ox in (0.25, 0.75) for oy in (0.25, 0.75)]
                colour = tuple(sum(sample[k] for sample in samples) // 4 for k in range(4))
            rows.extend(colour)

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    header = struct.pack(">IIBBBBB", size, size, 8, 6, 0, 0, 0)
    body = chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b"")
    return b"\x89PNG\r\n\x1a\n" + body

def write_app_manifest(site: Path) -> None:
    """Writes manifest.webmanifest (English) and manifest-<language>.webmanifest for
    each other language (the install name in its words, L1), and the icons they
    name, into the site."""
    icons = site / "icons"
    icons.mkdir()
    entries = []
    for size in ICON_SIZES:
        (icons / f"icon-{size}.png").write_bytes(draw_icon(size))
        entries.append({"src": f"icons/icon-{size}.png", "sizes": f"{size}x{size}", "type": "image/png",
                        "purpose": "any"})
    (icons / "maskable-512.png").write_bytes(draw_icon(512, maskable=True))
    entries.append({"src": "icons/maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"})
    for code, words in word_tables()[1].items():
        manifest = {
            "name": words["page.reversi"], "short_name": words["page.reversi"], "lang": code,
            "description": words["page.description"],
            "start_url": "./", "scope": "./", "display": "standalone", "orientation": "any",
            "background_color": "#f4f1ea", "theme_color": "#1b5e3f", "icons": entries,
        }
        name = "manifest.webmanifest" if code == "en" else f"manifest-{code}.webmanifest"
        (site / name).write_text(json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
