#!/usr/bin/python3
# Builds resources/fonts/NotoSansCJKsc-{Regular,Bold}-Common.otf: Noto Sans CJK SC cut down to
# common CJK, so the app ships ~2.7 MB per weight instead of ~16 MB.
# Needs Debian's fonts-noto-cjk and fonttools (apt-get install fonts-noto-cjk fonttools).
# Usage: /usr/bin/python3 scripts/subset-cjk-font.py
#
# Kept: every character of GB2312 (Simplified Chinese, 6,763 hanzi), JIS X 0208 (Japanese,
# 6,355 kanji, kana), the 2,350 Hangul syllables of KS X 1001 (Korean), Big5 level 1 (5,401
# frequent Traditional hanzi), CJK punctuation, kana, Hangul jamo and full-width forms.
# Layout features are dropped: card text is measured from advance widths alone, and a font
# without features is shaped the same by pdfkit and by Chromium.

import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCE = '/usr/share/fonts/opentype/noto/NotoSansCJK-{}.ttc'
SC_INDEX = 2  # the collection's "Noto Sans CJK SC" member

chars = set()


def double_byte(codec, high, low):
    for a in high:
        for b in low:
            try:
                chars.update(bytes([a, b]).decode(codec))
            except UnicodeDecodeError:
                pass


double_byte('gb2312', range(0xA1, 0xF8), range(0xA1, 0xFF))
double_byte('euc_jp', range(0xA1, 0xF5), range(0xA1, 0xFF))
double_byte('euc_kr', range(0xB0, 0xC9), range(0xA1, 0xFF))
double_byte('big5', range(0xA4, 0xC7), list(range(0x40, 0x7F)) + list(range(0xA1, 0xFF)))
for low, high in [(0x3000, 0x303F), (0x3040, 0x30FF), (0x31F0, 0x31FF), (0xFF00, 0xFFEF), (0x3130, 0x318F)]:
    chars.update(chr(c) for c in range(low, high + 1))
# Below U+2E80 the card font (Inter) draws what these encodings hold (Latin, Greek, Cyrillic).
unicodes = ','.join('U+%04X' % ord(c) for c in sorted(chars) if ord(c) >= 0x2E80)

for weight in ['Regular', 'Bold']:
    out = ROOT / 'resources' / 'fonts' / f'NotoSansCJKsc-{weight}-Common.otf'
    subprocess.run(
        ['pyftsubset', SOURCE.format(weight), f'--font-number={SC_INDEX}', f'--unicodes={unicodes}',
         '--layout-features=', '--no-hinting', '--name-IDs=*', f'--output-file={out}'],
        check=True,
    )
    print(f'wrote {out}')
