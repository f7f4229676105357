#!/usr/bin/env python3
"""The one kubectl call the Helm installer makes: ``auth can-i`` (the function's access entry is effective)."""
import sys

if sys.argv[1:3] == ["auth", "can-i"]:
    print("yes")
else:
    print(f"error: the fake kubectl for the Helm tests only answers auth can-i, not {sys.argv[1:]}", file=sys.stderr)
    sys.exit(1)
