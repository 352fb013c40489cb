"""The command line: the typer ``app`` with its commands, and ``main``, which runs it and turns every
failure into one line and an exit status. One module per thing a user does: ``deciding`` (solve, test),
``documents`` (feststellung), ``law`` (statutes, compare), ``research`` (check, diff, report),
``case_files`` (convert, schema, import, template, init) and ``serve``; ``common`` holds what they share.
``solve`` itself runs in ``interfaces.solve_command``, which the launcher's fast path calls without loading
typer.

May import: every other subpackage.
"""

from __future__ import annotations

import sys

import typer

from nachruecken.interfaces.cli.case_files import convert, import_cmd, init, schema, template
from nachruecken.interfaces.cli.deciding import solve, test_cmd
from nachruecken.interfaces.cli.documents import feststellung
from nachruecken.interfaces.cli.law import compare, statutes
from nachruecken.interfaces.cli.research import check, diff, report
from nachruecken.interfaces.cli.serve import serve
from nachruecken.interfaces.solve_command import _err, report_bug

EXIT_CODES = (
    "Exit status: 0 done; 1 a worked case failed its expected block (test); 2 bad input or usage, "
    "with one line naming the file, key and problem; 3 an internal error (please report it)."
)

app = typer.Typer(
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
    help="Who takes a vacated council seat, with reasons, under the statutes of several German states.",
    epilog=EXIT_CODES,
)


def _show_version(value: bool) -> None:
    if value:
        from nachruecken import FORMAT_VERSION, __version__

        print(f"nachruecken {__version__} (result format {FORMAT_VERSION})")
        raise typer.Exit()


@app.callback()
def _root(
    version: bool = typer.Option(
        False, "--version", "-V", callback=_show_version, is_eager=True, help="print the version and exit"
    ),
) -> None:
    """Who takes a vacated council seat, with reasons, under the statutes of several German states."""


# in this order in --help
app.command()(solve)
app.command("test")(test_cmd)
app.command()(feststellung)
app.command()(statutes)
app.command()(check)
app.command()(diff)
app.command()(report)
app.command()(compare)
app.command()(convert)
app.command()(schema)
app.command("import")(import_cmd)
app.command()(init)
app.command()(template)
app.command()(serve)


def _click_exceptions():
    """click's exceptions: typer 0.2x vendors click (typer._click), older typer uses click itself."""
    try:
        from typer._click import exceptions
    except ImportError:  # pragma: no cover - depends on the installed typer
        from click import exceptions  # type: ignore[no-redef]  # the same module, from click itself
    return exceptions


def main() -> None:
    click = _click_exceptions()
    try:
        code = app(prog_name="nachruecken", standalone_mode=False)
        sys.exit(code if isinstance(code, int) else 0)
    except click.NoArgsIsHelpError as exc:
        sys.stdout.write(exc.ctx.get_help() + "\n")
        sys.exit(2)
    except click.UsageError as exc:  # a wrong option or argument: one line, like every input error
        where = exc.ctx.command_path if exc.ctx else "nachruecken"
        sys.stderr.write(f"{where}: {exc.format_message()} (see {where} --help)\n")
        sys.exit(2)
    except KeyboardInterrupt:
        _err("interrupted")
        sys.exit(130)
    except Exception as exc:  # a bug in nachruecken, never bad input: one line, exit 3
        sys.exit(report_bug(exc))
