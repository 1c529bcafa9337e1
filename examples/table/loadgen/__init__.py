"""A load generator for the table server: many tables at once, with
computer seats and simulated people, on loopback (python3 -m loadgen)."""
