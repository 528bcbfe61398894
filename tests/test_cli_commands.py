# SPDX-License-Identifier: Apache-2.0
"""The command line's shape: every command listed by --help with a line, help COMMAND, show by name, the
completion scripts (run by bash), the terminal's width and NO_COLOR; every older invocation still works."""

from __future__ import annotations

import io
import shutil
import subprocess
import sys
from typing import Dict, List, Optional

import pytest

from tfcollections._cli import commands
from tfcollections._cli.main import Environment, main

from .helpers import REPO

EXAMPLE = "examples/model.meta"


def _run(
    args: List[str], environ: Optional[Dict[str, str]] = None, *, tty: bool = False
) -> subprocess.CompletedProcess:
    out, err = io.StringIO(), io.StringIO()
    env = Environment(io.BytesIO(), out, err, cwd=str(REPO), stdout_isatty=tty, environ=environ or {})
    code = main(args, env)
    return subprocess.CompletedProcess(["tfcollections", *args], code, out.getvalue(), err.getvalue())


def test_help_lists_every_command_with_a_line() -> None:
    result = _run(["--help"])
    assert result.returncode == 0 and result.stderr == ""
    text = result.stdout
    assert text.startswith("usage: tfcollections")
    listed = text.split("commands:\n", 1)[1].split("\n\n", 1)[0]
    names = [line.split()[0] for line in listed.splitlines() if line.startswith("    ") and line[4] != " "]
    assert (
        names
        == [command.name for command in commands.COMMANDS]
        == ["show", "scan", "export", "diff", "records", "events", "run", "compat", "help"]
    )
    for example in text.split("examples:\n", 1)[1].split("\n\n", 1)[0].splitlines():
        assert example.startswith("    tfcollections ")
    assert _run(["-h"]).stdout == text == _run(["help"]).stdout  # the same overview, however asked


@pytest.mark.parametrize("name", ["show", "scan", "export", "diff", "records"])
def test_help_command_is_the_commands_own_help(name: str) -> None:
    asked = _run(["help", name])
    assert asked.returncode == 0 and asked.stdout.startswith(f"usage: tfcollections {name}")
    assert _run([name, "--help"]).stdout == asked.stdout


def test_every_examples_options_are_the_commands_own() -> None:
    # The overview's examples use options their command has: a renamed flag cannot leave a stale example.
    for example, _ in commands._EXAMPLES:
        words = example.split()[1:]
        name = words[0] if words[0] in commands.BY_NAME else "show"
        known = {option for action in commands.parser_of(name, io.StringIO())._actions
                 for option in action.option_strings}  # fmt: skip
        assert {word for word in words if word.startswith("-")} <= known, example


def test_help_errors_are_one_line() -> None:
    for args, message in [
        (["help", "nope"], "tfcollections: usage error: no command 'nope'; the commands are show, scan, export, diff"),
        (["help", "scan", "diff"], "tfcollections: usage error: help takes one command"),
        (["--completion"], "tfcollections: usage error: --completion takes one of bash, zsh"),
        (["--completion", "fish"], "tfcollections: usage error: --completion takes one of bash, zsh"),
        ([], "tfcollections: usage error: give a PATH to show, or a command"),
    ]:
        result = _run(args)
        assert result.returncode == 2 and result.stdout == ""
        assert result.stderr.startswith(message) and result.stderr.count("\n") == 1, result.stderr


def test_show_by_name_is_the_default_command() -> None:
    for flags in ([], ["--no-graph"], ["--json"], ["--ops", "--scope-boundary", "dense"]):
        assert _run(["show", EXAMPLE, *flags]).stdout == _run([EXAMPLE, *flags]).stdout
    assert _run(["show", "--help"]).stdout.startswith("usage: tfcollections show")
    assert _run([EXAMPLE, "--help"]).stdout.startswith("usage: tfcollections ")  # as it always was


def test_older_invocations_keep_working() -> None:
    # The forms the README and docs have shown since each command landed.
    assert _run([EXAMPLE]).returncode == 0
    assert _run(["--version"]).stdout.startswith("tfcollections ")
    assert _run(["scan", EXAMPLE]).stdout == "scanned 1 file: nothing found\n"
    assert _run(["diff", "tests/data/checkpoints/v2", "tests/data/checkpoints/v2"]).returncode == 0
    assert _run(["export", "--help"]).stdout.startswith("usage: tfcollections export")
    assert _run(["tests/data/checkpoints/v2", "--tensor", "floats/f32"]).returncode == 0


def test_the_overview_wraps_to_the_terminals_width() -> None:
    for columns in (60, 80, 120):
        text = _run(["--help"], {"COLUMNS": str(columns)}).stdout
        assert max(len(line) for line in text.splitlines()) <= columns
    narrow, wide = _run(["--help"], {"COLUMNS": "60"}).stdout, _run(["--help"], {"COLUMNS": "200"}).stdout
    assert len(narrow.splitlines()) > len(wide.splitlines())
    assert commands.terminal_columns({"COLUMNS": "x"}, isatty=False) == 80  # not a number, no terminal


def test_emphasis_only_on_a_terminal_and_never_with_no_color() -> None:
    bold = "\x1b[1mscan\x1b[0m"
    assert bold in _run(["--help"], {"TERM": "xterm"}, tty=True).stdout
    assert bold not in _run(["--help"], {"TERM": "xterm", "NO_COLOR": ""}, tty=True).stdout  # set, even empty
    assert bold not in _run(["--help"], {"TERM": "dumb"}, tty=True).stdout
    plain = _run(["--help"], {"TERM": "xterm"}).stdout  # a pipe: no escape sequences at all
    assert "\x1b" not in plain
    # The summary of a model writes no escape sequences, terminal or not.
    assert "\x1b" not in _run([EXAMPLE], {"TERM": "xterm"}, tty=True).stdout


def _complete(script: str, words: List[str]) -> List[str]:
    """What bash's completion function offers for the command line *words* (the last one being typed)."""
    line = " ".join(words)
    program = (
        f"{script}\nCOMP_WORDS=({line}); COMP_CWORD={len(words) - 1}; cd {REPO}; _tfcollections; "
        'printf "%s\\n" "${COMPREPLY[@]}"'
    )
    result = subprocess.run(["bash", "-c", program], capture_output=True, text=True, timeout=30, check=True)
    return result.stdout.split()


@pytest.mark.skipif(shutil.which("bash") is None, reason="no bash on this machine")
def test_the_bash_completion_completes_commands_options_choices_and_files() -> None:
    script = _run(["--completion", "bash"]).stdout
    assert "complete -o filenames -o bashdefault -F _tfcollections tfcollections" in script
    assert set(_complete(script, ["tfcollections", "sc"])) >= {"scan"}
    assert "examples" in _complete(script, ["tfcollections", "exa"])  # a path at the first word
    assert set(_complete(script, ["tfcollections", "scan", "--fa"])) == {"--fail-on"}
    assert set(_complete(script, ["tfcollections", "scan", "--fail-on", "h"])) == {"high"}
    assert set(_complete(script, ["tfcollections", "export", "x", "y", "--names", ""])) == {
        "key",
        "object",
        "full_name",
    }
    assert "--require-restore" in _complete(script, ["tfcollections", EXAMPLE, "--req"])  # show, the default
    assert set(_complete(script, ["tfcollections", "help", "ex"])) == {"export"}
    assert set(_complete(script, ["tfcollections", "--completion", "z"])) == {"zsh"}
    assert _complete(script, ["tfcollections", "show", "examples/model.meta.t"]) == ["examples/model.meta.txt"]
    # Every option of every command's parser is offered: the script is made from them.
    for command in commands.COMMANDS[:-1]:
        parser = commands.parser_of(command.name, io.StringIO())
        options = {option for action in parser._actions for option in action.option_strings}
        word = [command.name] if command.name != "show" else [EXAMPLE]
        assert set(_complete(script, ["tfcollections", *word, "-"])) == options


def test_the_zsh_completion_is_the_bash_function_through_bashcompinit() -> None:
    zsh, bash = _run(["--completion", "zsh"]).stdout, _run(["--completion", "bash"]).stdout
    assert zsh.startswith("#compdef tfcollections\n") and "autoload -U +X bashcompinit && bashcompinit\n" in zsh
    assert bash.split("\n", 1)[1] in zsh
    if shutil.which("zsh"):
        subprocess.run(["zsh", "-n", "-c", zsh], check=True, timeout=30)


def test_help_imports_no_command_it_does_not_describe() -> None:
    # The overview needs only the table: printing it loads none of the commands' modules (import time).
    code = (
        "import sys; from tfcollections._cli.main import main; main(['--help']); "
        "print(sorted(m for m in sys.modules if m.startswith('tfcollections._') and m.split('.')[-1] in "
        "('scan', 'export', 'diff', '_scan', '_ckpt')))"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, timeout=60)
    assert result.stdout.splitlines()[-1] == "[]", result.stdout


def test_the_overview_in_the_docs_is_what_help_prints() -> None:
    text = (REPO / "docs" / "cli.md").read_text(encoding="utf-8")
    shown = text.split("$ tfcollections --help\n", 1)[1].split("```", 1)[0]
    assert shown == _run(["--help"]).stdout  # 80 columns, no terminal


@pytest.mark.parametrize("command", ["scan", "diff", "records", "events", "run", "export", "compat"])
def test_every_command_says_a_usage_error_on_one_line_and_exits_2(command: str) -> None:
    # One helper (spec.parse_command) parses every command's arguments: a wrong command line is one line naming the
    # command and its --help, exit 2; --help itself exits 0 and prints the command's usage.
    result = _run([command, "--no-such-option"])
    assert result.returncode == 2 and result.stdout == ""
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"tfcollections {command}: usage error: ")
    assert line.endswith(f" (see tfcollections {command} --help)")
    shown = _run([command, "--help"])
    assert shown.returncode == 0 and shown.stdout.startswith(f"usage: tfcollections {command}") and shown.stderr == ""
