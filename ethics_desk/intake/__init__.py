"""Counter intake under § 2-83(b)–(c): the intake record and its checks, drafts, and the provisions
catalogue a complaint cites.
"""
