"""Input errors: one line naming the file, the key path and what is wrong."""

from __future__ import annotations


class InputError(Exception):
    """A case (or an option) that cannot be decided as given.

    ``path`` is the key path inside the file (``nominations[0].candidates[2].votes``);
    empty when the problem concerns the whole file.
    """

    def __init__(self, message: str, path: str = "", file: str | None = None):
        super().__init__(message)
        self.message = message
        self.path = path
        self.file = file

    def __reduce__(self):  # whole across a process boundary (the desk's jobs, the batch's workers)
        return (type(self), (self.message, self.path, self.file))

    def with_file(self, file: str) -> InputError:
        if self.file is None:
            self.file = file
        return self

    def __str__(self) -> str:
        where = self.file or "<input>"
        if self.path:
            where += f": {self.path}"
        return f"{where}: {self.message}"


def key_path(parts) -> str:
    """Render a jsonschema-style path deque as ``a.b[0].c``."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out
