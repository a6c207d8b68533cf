"""The mail ledger (how each issued paper went to each recipient, § 2-83(e)) and print batches from
the queue.
"""
