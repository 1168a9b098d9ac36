"""Regenerate the SIMULATED example class data shipped in haba_lessons/data/example_class/.

    python scripts/make_example_class_data.py [folder]

Same as ``python -m haba_lessons.classlab.example``; the seed is fixed, so the files come
out byte-identical every time (a test checks it).
"""

import sys

from haba_lessons.classlab.example import make_example_class

if __name__ == "__main__":
    for path in make_example_class(*sys.argv[1:2]):
        print(path)
