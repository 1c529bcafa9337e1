"""Tools for the table's tests and load runs: a private PostgreSQL cluster
and server processes started and stopped by PID. Not part of the server."""
