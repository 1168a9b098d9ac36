"""The course's tests (a package, so that shared helpers have one import name)."""
