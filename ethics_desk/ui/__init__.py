"""The PySide6 interface. The only package that imports Qt; it never writes a row itself."""
