#!/usr/bin/env python3
"""Prints `N passed, N failed` from a lit xunit XML report.

Unsupported tests count in neither column. A missing or empty report is a
failure of the whole run.
"""

import sys
import xml.etree.ElementTree as ET


def main(path):
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError) as err:
        print(f"no lit results: {err}", file=sys.stderr)
        print("0 passed, 1 failed")
        return 1
    passed = failed = 0
    for case in root.iter("testcase"):
        if case.find("failure") is not None or case.find("error") is not None:
            failed += 1
        elif case.find("skipped") is not None:
            continue
        else:
            passed += 1
    if passed + failed == 0:
        failed = 1
    print(f"{passed} passed, {failed} failed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
