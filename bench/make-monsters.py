#!/usr/bin/env python3
"""Writes N monsters as roster CSV (RFC 4180, CRLF) on stdout, for the
benchmarks: unique names, and a mix of plain and awkward text (quotes,
commas, newlines, tabs, CJK, emoji, formula-like cells) in the same
proportions every run, so that figures compare between runs. Height,
origin and activation are set on most rows and unknown (empty) on some,
each independently."""
import sys
from datetime import datetime, timedelta, timezone

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

origins = ["FR", "JP", "GB", "US", "IS", "FI", "IT", "DE", "BR", "KE", "NZ", "IN"]
epoch = datetime(2015, 1, 1, tzinfo=timezone.utc)

def details(i):
    height = "" if i % 11 == 0 else f"{i % 9}ft{i % 12}in"
    origin = "" if i % 13 == 0 else origins[i % len(origins)]
    activated = "" if i % 7 == 0 else (epoch + timedelta(seconds=i * 3607)).strftime("%Y-%m-%dT%H:%M:%SZ")
    return f"{height},{origin},{activated}"

def cell(text):
    if text[:1] in ("=", "+", "-", "@", "\t", "\r"):
        text = "'" + text
    if any(c in text for c in ',"\r\n'):
        return '"' + text.replace('"', '""') + '"'
    return text

out = sys.stdout
out.write("id,name,description,icon,name_color,weapon,height,origin,activated\r\n")
rows = []
for i in range(1, count + 1):
    if i % 97 == 0:
        name = f"ロボ-{i:07d}-🤖"
    elif i % 89 == 0:
        name = f'Bot "{i}", the Great'
    else:
        name = f"Monster-{i:07d}"
    rows.append(f"{i},{cell(name)},{cell(descriptions[i % len(descriptions)])},"
                f"{icons[i % len(icons)]},{colors[i % len(colors)]},{weapons[i % len(weapons)]},{details(i)}\r\n")
    if len(rows) == 10000:
        out.write("".join(rows))
        rows = []
out.write("".join(rows))
