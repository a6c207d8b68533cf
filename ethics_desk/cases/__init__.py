"""The case file and the inbox: reading a case for the case window, the inbox's filters, query and
listing columns.
"""
