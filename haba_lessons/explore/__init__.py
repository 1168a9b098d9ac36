"""Live explorations for the notebooks: small widgets that recompute an exact answer on every change."""
