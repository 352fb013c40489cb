"""nachruecken: who succeeds to a vacated council seat, with reasons."""

__version__ = "0.1.0"
FORMAT_VERSION = 1
