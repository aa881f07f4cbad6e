#!/usr/bin/env python3
"""Writes every Python AnnotatedCode block of content/*.mdx to DIR/<lesson>-<n>.py, as it runs.

Usage: python3 scripts/device/extract-snippets.py DIR   (run from the repository root)
The code sits in a JavaScript template literal, so its escapes are undone here.
"""
import glob
import os
import re
import sys

out = sys.argv[1]
os.makedirs(out, exist_ok=True)
BLOCK = re.compile(
    r'<AnnotatedCode[^>]*?lang="python"[^>]*?title="([^"]*)"[^>]*?code=\{`(.*?)`\}', re.S)
for path in sorted(glob.glob('content/*.mdx')):
    lesson = os.path.basename(path)[:2]
    for n, match in enumerate(BLOCK.finditer(open(path).read())):
        title, code = match.groups()
        code = code.replace('\\`', '`').replace('\\${', '${').replace('\\\\', '\\')
        name = f'{lesson}-{n}.py'
        with open(os.path.join(out, name), 'w') as f:
            f.write(f'# {path}: {title}\n{code}\n')
        print(name, title)
