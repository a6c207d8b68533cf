"""Every paper of § 2-83: the document kinds, the data each needs, issuing frozen records, and the
renderers (``render``).
"""
