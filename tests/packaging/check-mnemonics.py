#!/usr/bin/env python3
"""Usage: check-mnemonics.py SOURCE_DIR PO_FILE

The responses of a dialog in ui/*.ui (one dialog per file) have distinct
access keys, in English and in the translation: the Chinese export dialog
had 取消(_C) beside 选择保存位置(_C)…, so Alt+C could not reach both
(walkthrough 11)."""
import glob
import os
import re
import sys
import xml.etree.ElementTree as ET


def read_po(path):
    """msgid -> msgstr of the non-fuzzy entries (single-line forms are
    enough for button labels)."""
    table = {}
    msgid = None
    with open(path, encoding="utf-8") as po:
        for line in po:
            m = re.match(r'^msgid "(.*)"$', line)
            if m:
                msgid = m.group(1)
                continue
            m = re.match(r'^msgstr "(.*)"$', line)
            if m and msgid:
                table[msgid] = m.group(1)
                msgid = None
    return table


def access_key(label):
    m = re.search(r"_(.)", label)
    return m.group(1).lower() if m else None


def main():
    source, po_path = sys.argv[1], sys.argv[2]
    translations = read_po(po_path)
    failures = 0
    for ui in sorted(glob.glob(os.path.join(source, "ui", "*.ui"))):
        labels = [r.text for r in ET.parse(ui).iter("response")
                  if r.get("translatable") == "yes" and r.text]
        for language, texts in (("en", labels), ("zh_CN", [translations.get(t, t) for t in labels])):
            seen = {}
            for text in texts:
                key = access_key(text)
                if key is None:
                    continue
                if key in seen:
                    print(f"{os.path.basename(ui)} ({language}): “{seen[key]}” and “{text}” share the access key {key}")
                    failures += 1
                seen[key] = text
    print(f"access keys: {failures} clashes")
    return 1 if failures else 0


sys.exit(main())
