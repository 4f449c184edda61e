#!/usr/bin/env python3
"""Writes N monsters as roster CSV (RFC 4180, CRLF) on stdout, for the
benchmarks: unique names, and a mix of plain and awkward text (quotes,
commas, newlines, tabs, CJK, emoji, formula-like cells) in the same
proportions every run, so that figures compare between runs."""
import sys

count = int(sys.argv[1]) if len(sys.argv) > 1 else 1_000_000
weapons = ["blowgun", "ninja-star", "fire", "sword", "smoke"]
colors = ["default", "red", "green", "blue"]
icons = ["meetcatbot.png", "meetdogbot.png", "meetexplodebot.png", "meetfirebot.png",
         "meeticebot.png", "meetminitomatobot.png"]
descriptions = [
    "MEE-OW", "Tick, tick, BOOM!", "Will Make You Steamed", "Has A Chilling Effect",
    'Says "hello", then leaves', "Two lines:\nfirst\tand second", "炎のロボット 🔥",
    "=SUM(A1:A9) is not a formula here", "Extremely Handsome", "",
]

def cell(text):
    if text[:1] in ("=", "+", "-", "@", "\t", "\r"):
        text = "'" + text
    if any(c in text for c in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text

out = sys.stdout
out.write("id,name,description,icon,name_color,weapon\r\n")
rows = []
for i in range(1, count + 1):
    if i % 97 == 0:
        name = f"ロボ-{i:07d}-🤖"
    elif i % 89 == 0:
        name = f'Bot "{i}", the Great'
    else:
        name = f"Monster-{i:07d}"
    rows.append(f"{i},{cell(name)},{cell(descriptions[i % len(descriptions)])},"
                f"{icons[i % len(icons)]},{colors[i % len(colors)]},{weapons[i % len(weapons)]}\r\n")
    if len(rows) == 10000:
        out.write("".join(rows))
        rows = []
out.write("".join(rows))
