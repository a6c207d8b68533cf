"""The database: where it is, opening and migrating it, backups, integrity checks, the hash-chained
audit trail, and the start-up first look.
"""
