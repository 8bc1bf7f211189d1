#!/usr/bin/env python3
"""Runs a command when a folder it reads exists; otherwise says why and exits 77 (ctest: skipped).

    if_present.py FOLDER -- COMMAND [ARGS...]
"""
import os
import subprocess
import sys

folder, sep, command = sys.argv[1], sys.argv[2], sys.argv[3:]
if sep != "--" or not command:
    sys.exit("usage: if_present.py FOLDER -- COMMAND [ARGS...]")
if not os.path.isdir(folder):
    print(f"SKIPPED: {folder} is not there (the chapter's shared/ folder, see the README)")
    sys.exit(77)
sys.exit(subprocess.run(command).returncode)
