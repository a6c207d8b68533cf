"""The screens of the main window, one module each."""
