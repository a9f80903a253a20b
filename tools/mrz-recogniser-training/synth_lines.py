"""Synthetic MRZ line crops in OCR-B, made to look like the strips the document pipeline cuts from photos.

The pipeline (packages/document-intelligence) detects a text line, pads it by a quarter of its height at each end,
turns it level and resizes it with Lanczos to a fixed height. What a real strip looks like, measured on the
mrz-real-dev crops: the glyphs fill 45-85 % of the strip's height, the character pitch is 10-25 px at a 32-px
height, backgrounds are tinted security print with guilloches, the neighbouring MRZ line sometimes shows at the
top or bottom edge, and captures range from flat scans to dim, blurred, glary, JPEG-compressed phone photos
(and greyscale infrared/UV reader images). Every random choice comes from the generator passed in, so a seed
gives the same lines.
"""

from __future__ import annotations

import io
import math
import random
from dataclasses import dataclass

import numpy as np
from PIL import Image, ImageDraw, ImageFilter, ImageFont

ALPHABET = "<0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"  # class k+1 is ALPHABET[k]; class 0 is the CTC blank
HEIGHT = 32
FONT_DIR = "/usr/share/fonts/opentype/ocr-b"
# Regular, sharp and oblique cuts: printers differ, and one real specimen prints an oblique MRZ.
FONT_FILES = ["OCRB.otf"] * 6 + ["OCRBS.otf"] * 3 + ["OCRBL.otf"]
RENDER_SIZE = 36  # font size of the high-resolution rendering, before the camera is simulated

DIGITS = "0123456789"
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
WEIGHTS = [7, 3, 1]

SURNAMES = ["MUSTERMANN", "SMITH", "ERIKSSON", "GARCIA", "MUELLER", "NOVAK", "IVANOVA", "OSULLIVAN", "DUPONT",
            "ROSSI", "KOWALSKI", "NGUYEN", "TANAKA", "ABDULLAYEV", "SILVA", "HANSEN", "DE<BRUIJN", "MEULENDIJK",
            "TRAVELER", "CITIZEN", "SPECIMEN", "OKAFOR", "MOHAMMED", "SCHMIDT", "VAN<DER<BERG", "LEE", "O", "WU"]
GIVEN = ["ANNA", "ERIKA", "JOHN", "MARIA", "LOES<ALBERTINE", "HAPPY", "JANE", "DIL", "FIDAN", "CEYLA", "SAKURA",
         "TATSIANA", "ANGELA<ZOE", "RITA<TANIA", "WILLEKE<LISELOTTE", "OLIVER<THOMAS", "MARITSA<RADNEVA", "Q"]
STATES = ["UTO", "D<<", "NLD", "FRA", "USA", "GBR", "AZE", "BLR", "CAN", "AUS", "JPN", "BGR", "ZWE", "AFG", "AUT",
          "EST", "ITA", "ESP", "POL", "UKR", "TUR", "CHE", "BEL", "SWE", "XXA", "GBS", "IND", "CHN", "BRA"]


def check_digit(text: str) -> str:
    total = 0
    for i, ch in enumerate(text):
        value = 0 if ch == "<" else int(ch) if ch.isdigit() else ord(ch) - 55
        total += value * WEIGHTS[i % 3]
    return str(total % 10)


def _word(rng: random.Random, pool: list[str]) -> str:
    if rng.random() < 0.6:
        return rng.choice(pool)
    return "".join(rng.choice(LETTERS) for _ in range(rng.randint(1, 12)))


def _names(rng: random.Random, width: int) -> str:
    text = _word(rng, SURNAMES)
    if rng.random() < 0.3:
        text += "<" + _word(rng, SURNAMES)
    text += "<<" + _word(rng, GIVEN)
    if rng.random() < 0.4:
        text += "<" + _word(rng, GIVEN)
    return text[:width].ljust(width, "<")


# Letters and digits a general-purpose recogniser confuses in OCR-B: document numbers mixing them teach the model to
# tell them apart by shape (O is rounder than 0, I has serifs 1 lacks), not by where they stand.
LOOK_ALIKES = "0O1I5S8B2ZDQ6G"


def _alnum(rng: random.Random, n: int, digit_share: float) -> str:
    if rng.random() < 0.3:
        return "".join(rng.choice(LOOK_ALIKES) for _ in range(n))
    return "".join(rng.choice(DIGITS) if rng.random() < digit_share else rng.choice(LETTERS) for _ in range(n))


def _date(rng: random.Random) -> str:
    return f"{rng.randint(0, 99):02d}{rng.randint(1, 12):02d}{rng.randint(1, 31):02d}"


def _optional(rng: random.Random, n: int) -> str:
    used = rng.choice([0, 0, rng.randint(1, n)])
    return (_alnum(rng, used, rng.choice([0.3, 0.8, 1.0]))).ljust(n, "<")


def mrz_lines(rng: random.Random) -> list[str]:
    """One document's MRZ (TD3, TD2 or TD1) with correct check digits; now and then one digit is wrong on purpose."""
    fmt = rng.choice(["TD3", "TD3", "TD2", "TD1"])
    state, nationality = rng.choice(STATES), rng.choice(STATES)
    number = _alnum(rng, 9, rng.choice([0.5, 0.9, 1.0]))
    if rng.random() < 0.15:
        number = number[: rng.randint(6, 8)].ljust(9, "<")
    birth, expiry, sex = _date(rng), _date(rng), rng.choice("MFX<")
    if fmt == "TD1":
        code = rng.choice(["I<", "ID", "IR", "AC", "IP"])
        opt1, opt2 = _optional(rng, 15), _optional(rng, 11)
        l1 = f"{code}{state}{number}{check_digit(number)}{opt1}"
        head = f"{birth}{check_digit(birth)}{sex}{expiry}{check_digit(expiry)}{nationality}{opt2}"
        composite = check_digit(l1[5:30] + head[0:7] + head[8:15] + head[18:29])
        lines = [l1, head + composite, _names(rng, 30)]
    else:
        width = 44 if fmt == "TD3" else 36
        code = rng.choice(["P<", "PO", "PD", "PS", "PC"]) if fmt == "TD3" else rng.choice(["I<", "ID", "AC", "V<"])
        opt = _optional(rng, 14 if fmt == "TD3" else 7)
        personal_check = ("<" if opt.strip("<") == "" and rng.random() < 0.7 else check_digit(opt)) if fmt == "TD3" else ""
        l2 = f"{number}{check_digit(number)}{nationality}{birth}{check_digit(birth)}{sex}{expiry}{check_digit(expiry)}{opt}{personal_check}"
        composite = check_digit(l2[0:10] + l2[13:20] + l2[21:])
        lines = [f"{code}{state}" + _names(rng, width - 5), l2 + composite]
    if rng.random() < 0.05:
        k = rng.randrange(len(lines))
        pos = rng.randrange(len(lines[k]))
        lines[k] = lines[k][:pos] + rng.choice(ALPHABET) + lines[k][pos + 1:]
    return lines


def random_line(rng: random.Random) -> str:
    """Text with no MRZ grammar: every symbol at every place, filler runs of any length."""
    n = rng.randint(8, 44)
    out = []
    while len(out) < n:
        r = rng.random()
        if r < 0.25:
            out.extend("<" * rng.randint(1, 12))
        elif r < 0.35:
            out.extend(rng.choice(LOOK_ALIKES) for _ in range(rng.randint(1, 8)))
        elif r < 0.55:
            out.extend(rng.choice(DIGITS) for _ in range(rng.randint(1, 8)))
        else:
            out.extend(rng.choice(LETTERS) for _ in range(rng.randint(1, 8)))
    return "".join(out[:n])


_FONTS: dict[str, ImageFont.FreeTypeFont] = {}


def _font(name: str) -> ImageFont.FreeTypeFont:
    if name not in _FONTS:
        _FONTS[name] = ImageFont.truetype(f"{FONT_DIR}/{name}", RENDER_SIZE)
    return _FONTS[name]


def _background(rng: random.Random, np_rng: np.random.Generator, w: int, h: int) -> Image.Image:
    """Tinted paper, a slow gradient, mottled print and a few guilloche curves."""
    base = np.array([rng.randint(150, 255) for _ in range(3)], dtype=np.float32)
    if rng.random() < 0.5:  # mostly pale tints
        base = 255 - (255 - base) * 0.4
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    gradient = (xs / max(1, w) - 0.5) * rng.uniform(-60, 60) + (ys / max(1, h) - 0.5) * rng.uniform(-30, 30)
    img = base[None, None, :] + gradient[..., None]
    blotch = np_rng.normal(0, 1, (max(2, h // 16), max(2, w // 16), 3)).astype(np.float32)
    blotch_img = Image.fromarray(np.uint8(np.clip(128 + blotch * 40, 0, 255))).resize((w, h), Image.BICUBIC)
    img += (np.asarray(blotch_img, dtype=np.float32) - 128) * rng.uniform(0, 0.6)
    canvas = Image.fromarray(np.uint8(np.clip(img, 0, 255)))
    draw = ImageDraw.Draw(canvas)
    for _ in range(rng.choice([0, 0, 2, 5, 10])):
        colour = tuple(int(c) for c in np.clip(base - rng.uniform(20, 90), 0, 255))
        amp, period, phase, y0 = rng.uniform(3, h / 2), rng.uniform(20, 300), rng.uniform(0, 6.3), rng.uniform(0, h)
        points = [(x, y0 + amp * math.sin(x / period * 6.283 + phase)) for x in range(0, w + 8, 8)]
        draw.line(points, fill=colour, width=rng.choice([1, 1, 2, 3]))
    return canvas


def _ink(rng: random.Random) -> tuple[int, int, int]:
    level = rng.randint(0, 90)
    tint = rng.choice([(0, 0, 0), (0, 0, 30), (10, 10, 0), (25, 0, 0)])
    return tuple(min(255, level + t) for t in tint)  # type: ignore[return-value]


@dataclass
class Sample:
    image: np.ndarray  # uint8, HEIGHT x width, grey
    text: str


def render_sample(rng: random.Random, np_rng: np.random.Generator, text: str, neighbours: tuple[str | None, str | None]) -> Sample:
    font = _font(rng.choice(FONT_FILES))
    ascent, descent = font.getmetrics()
    cap_height = font.getbbox("H")[3] - font.getbbox("H")[1]
    pitch = font.getlength("<" * 10) / 10 * rng.uniform(0.97, 1.08)  # printers space characters slightly apart
    line_gap = cap_height * rng.uniform(1.45, 1.9)  # baseline to baseline, as MRZ lines are printed
    text_w = int(pitch * len(text)) + 1
    margin_x = int(pitch * 3)
    margin_y = int(line_gap * 1.1)
    w, h = text_w + 2 * margin_x, int(cap_height + 2 * margin_y)
    canvas = _background(rng, np_rng, w, h)
    ink_layer = Image.new("L", (w, h), 0)
    draw = ImageDraw.Draw(ink_layer)
    top = margin_y  # cap top of the main line

    def draw_line(line: str, cap_top: float) -> None:
        for i, ch in enumerate(line):
            bbox = font.getbbox(ch)
            x = margin_x + i * pitch + (pitch - font.getlength(ch)) / 2
            draw.text((x, cap_top - font.getbbox("H")[1]), ch, font=font, fill=255)
        del bbox

    draw_line(text, top)
    above, below = neighbours
    if above:
        draw_line(above[: len(text)].ljust(len(text), "<")[: len(text)], top - line_gap)
    if below:
        draw_line(below[: len(text)].ljust(len(text), "<")[: len(text)], top + line_gap)
    # Stroke weight differs between printers and with ink spread.
    weight = rng.random()
    if weight < 0.2:
        ink_layer = ink_layer.filter(ImageFilter.MaxFilter(3))
    elif weight < 0.3:
        ink_layer = ink_layer.filter(ImageFilter.MinFilter(3))
    ink = Image.new("RGB", (w, h), _ink(rng))
    opacity = rng.uniform(0.6, 1.0)
    canvas = Image.composite(ink, canvas, ink_layer.point(lambda v: int(v * opacity)))
    # The strip as the pipeline cuts it: glyphs fill 45-80 % of its height, a quarter-height margin at the ends.
    fill = rng.uniform(0.45, 0.8)
    strip_h = cap_height / fill
    cy = top + cap_height / 2 + rng.uniform(-0.07, 0.07) * strip_h
    end_margin = strip_h * rng.uniform(0.05, 0.45)
    x0 = margin_x - end_margin - rng.uniform(-0.1, 0.1) * pitch
    x1 = margin_x + text_w + end_margin + rng.uniform(-0.1, 0.1) * pitch
    # Cut with room to spare, then tilt and shear what is left of a levelled line (perspective's first-order look).
    pad = 6
    box = (max(0, int(x0) - pad), max(0, int(cy - strip_h / 2) - pad), min(w, int(math.ceil(x1)) + pad), min(h, int(math.ceil(cy + strip_h / 2)) + pad))
    region = canvas.crop(box)
    rw, rh = region.size
    angle = math.radians(rng.uniform(-0.35, 0.35))
    shear = rng.uniform(-0.1, 0.1)
    a, b = math.cos(angle), math.sin(angle)
    ccx, ccy = rw / 2, rh / 2
    region = region.transform((rw, rh), Image.AFFINE, (a, -b + shear, ccx - a * ccx - (-b + shear) * ccy, b, a, ccy - b * ccx - a * ccy),
                              resample=Image.BILINEAR, fillcolor=tuple(int(v) for v in np.asarray(region)[rh // 2, 1]))
    crop = region.crop((int(x0) - box[0], int(cy - strip_h / 2) - box[1], int(math.ceil(x1)) - box[0], int(math.ceil(cy + strip_h / 2)) - box[1]))
    # The camera: the line's resolution (pitch 4-16 px), blur, exposure, noise, JPEG.
    low_pitch = rng.uniform(5.5, 16)
    scale = low_pitch / pitch
    low = crop.resize((max(8, int(crop.width * scale)), max(6, int(crop.height * scale))), Image.BILINEAR)
    low = _camera(rng, np_rng, low)
    # The pipeline's resampling: to the model's height, aspect kept (times a stretch the detector's box may carry).
    stretch = rng.uniform(0.85, 1.2)
    out_w = max(16, int(round(low.width * HEIGHT / low.height * stretch)))
    grey = low.convert("L").resize((out_w, HEIGHT), Image.LANCZOS)
    return Sample(np.asarray(grey, dtype=np.uint8), text)


def _camera(rng: random.Random, np_rng: np.random.Generator, img: Image.Image) -> Image.Image:
    if rng.random() < 0.6:  # a line printed at a few pixels per glyph takes less blur before it is lost
        img = img.filter(ImageFilter.GaussianBlur(rng.uniform(0.2, 0.9 if img.height > 16 else 0.6)))
    arr = np.asarray(img, dtype=np.float32)
    if rng.random() < 0.2:  # infrared/UV reader captures and greyscale scans
        arr = arr.mean(axis=2, keepdims=True).repeat(3, axis=2)
    contrast, brightness, gamma = rng.uniform(0.55, 1.15), rng.uniform(-50, 35), rng.uniform(0.7, 1.5)
    arr = (arr - 128) * contrast + 128 + brightness
    arr = 255 * (np.clip(arr, 0, 255) / 255) ** gamma
    if rng.random() < 0.25:  # glare: a bright soft spot
        h, w = arr.shape[:2]
        ys, xs = np.mgrid[0:h, 0:w]
        gx, gy, r = rng.uniform(0, w), rng.uniform(0, h), rng.uniform(0.1, 0.5) * w
        arr += rng.uniform(60, 200) * np.exp(-(((xs - gx) / r) ** 2 + ((ys - gy) / (r * 0.5)) ** 2))[..., None]
    if rng.random() < 0.2:  # shadow across the line
        h, w = arr.shape[:2]
        arr *= np.linspace(rng.uniform(0.4, 1), rng.uniform(0.4, 1), w)[None, :, None]
    arr += np_rng.normal(0, rng.uniform(0, 10), arr.shape)
    img = Image.fromarray(np.uint8(np.clip(arr, 0, 255)))
    if rng.random() < 0.7:
        buffer = io.BytesIO()
        img.save(buffer, format="JPEG", quality=rng.randint(30, 95))
        img = Image.open(io.BytesIO(buffer.getvalue())).convert("RGB")
    return img


def sample(rng: random.Random, np_rng: np.random.Generator) -> Sample:
    """One training strip: an MRZ line with its neighbours (four in five) or a grammar-free line."""
    if rng.random() < 0.8:
        lines = mrz_lines(rng)
        k = rng.randrange(len(lines))
        above = lines[k - 1] if k > 0 and rng.random() < 0.6 else None
        below = lines[k + 1] if k + 1 < len(lines) and rng.random() < 0.6 else None
        text = lines[k]
        if rng.random() < 0.1:  # a detector fragment: part of a line
            start = rng.randrange(0, len(text) - 8)
            text = text[start:start + rng.randint(8, len(text) - start)]
        return render_sample(rng, np_rng, text, (above, below))
    return render_sample(rng, np_rng, random_line(rng), (random_line(rng) if rng.random() < 0.3 else None, None))
