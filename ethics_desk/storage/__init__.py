"""The database alone: where it is, the engine and its sessions, the migrations, the SQLite file's
primitives, the record key, the hash-chained journal and audit trail, and the server's roles and
row policies. Keeping the record whole (check, backup, restore, transfer, opening) is
:mod:`ethics_desk.maintenance`, above the domain.
"""
