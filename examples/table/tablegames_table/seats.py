"""Seat secrets: a random 128-bit key in each person's join link.

Only a hash of each key is stored, so a copy of the database does not let
anyone take a seat. The key has 128 random bits, far beyond guessing, so a
plain SHA-256 is enough (slow password hashes exist for keys people choose).
Keys are compared in constant time, so the time taken does not tell how
much of a guess was right.
"""

import hashlib
import hmac
import secrets

SECRET_BYTES = 16          # 128 bits
MAX_SECRET_LENGTH = 64     # longer input is refused before hashing


def new_secret():
    return secrets.token_urlsafe(SECRET_BYTES)


def hash_secret(secret):
    return hashlib.sha256(("tablegames-seat:" + secret).encode("utf-8")).hexdigest()


def secret_matches(secret, stored_hash):
    if not isinstance(secret, str) or not stored_hash or len(secret) > MAX_SECRET_LENGTH:
        return False
    return hmac.compare_digest(hash_secret(secret), stored_hash)


def new_table_id():
    # Not a secret (the spectator link shows it), only unguessable enough
    # that tables cannot be listed by counting.
    return secrets.token_urlsafe(9)
