"""The Ethics Review Board: its roster and terms, the elections list, vote arithmetic (§ 2-83(f)),
and the meeting packet.
"""
