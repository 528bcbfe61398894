# SPDX-License-Identifier: Apache-2.0
"""The command line's commands: one table, the overview ``tfcollections --help`` prints, and completion scripts.

Strategy: ``COMMANDS`` is a literal table, one row per command (its name, one line of what it does, the module
that holds its ``parser(out)`` and its ``run(argv, env)``); the command line runs a command by its row, and the
overview, ``tfcollections help COMMAND`` and the shell completion scripts are all made from it, so a command added
to the table is run, listed, helped and completed everywhere. The overview needs
only the table (no command's module is imported to print it); ``help COMMAND`` and ``--completion`` import the
parsers they describe, and the completion script is written from the parsers' own option strings, so it cannot
drift from what the parsers accept. The overview wraps to the terminal's width (``COLUMNS``, else the terminal's
size, else 80) and puts the command names in bold only on a terminal, never with ``NO_COLOR`` set or
``TERM=dumb`` (https://no-color.org).
"""

from __future__ import annotations

import os

from .. import __version__

TYPE_CHECKING = False
if TYPE_CHECKING:
    import argparse
    from typing import Dict, Final, List, Mapping, Optional, TextIO, Tuple


class Command:
    """A row of ``COMMANDS``: the name typed, what it does in one line, and where its parser is."""

    def __init__(self, name: str, summary: str, module: str) -> None:
        self.name = name
        self.summary = summary
        self.module = module  # the _cli module whose parser(out) describes its arguments and run(argv, env) runs it


COMMANDS: Final = (
    Command("show", "what a model or checkpoint holds: meta graphs, variables with dtype, shape and parameters, "
            "ops, saver, collections, signatures, Keras layers, a checkpoint's tensors and whether it restores "
            "(the default: tfcollections PATH is tfcollections show PATH)", "show"),
    Command("scan", "what in a model can run Python, read or write files, reach the network, or load a custom op "
            "(text, JSON, SARIF; exit 1 on findings)", "scan"),
    Command("export", "a checkpoint's tensors or a frozen graph's constants to safetensors or NumPy .npz, every "
            "CRC checked; a model with its checkpoint to a frozen graph (.pb) or to ONNX (.onnx)", "export"),
    Command("diff", "what differs between two checkpoints, two models, or a model and its checkpoint (exit 1 "
            "when they differ)", "diff"),
    Command("records", "what a TFRecord file holds: records, bytes, and tf.train.Example features (GZIP and ZLIB "
            "too, every CRC checked)", "records"),
    Command("events", "what TensorBoard's event files hold: runs, tags by kind, each scalar's count, steps, "
            "min, max, last value and curve (--csv, --jsonl: every event)", "events"),
    Command("run", "a model run on onnxruntime without TensorFlow: feeds and fetches by TensorFlow's names, as "
            "saved_model_cli run (the extra run: onnxruntime, numpy)", "run"),
    Command("compat", "whether a model would load in a TensorFlow or TF Serving release, and what each would "
            "refuse (--tf 2.4, --serving 2.4, --oldest; exit 1 when it would not)", "compat"),
    Command("help", "this overview, or a command's options: tfcollections help COMMAND", ""),
)  # fmt: skip

BY_NAME: Final = {command.name: command for command in COMMANDS}

# What the overview ends with: one real line for each everyday task.
_EXAMPLES: Final = (
    ("tfcollections model.ckpt.meta", "a model, its checkpoint"),
    ("tfcollections saved_model_dir --layers", "Keras layers"),
    ("tfcollections model.ckpt-1000 --tensor dense/kernel", "a tensor's values"),
    ("tfcollections scan models/ --fail-on high", "a CI gate"),
    ("tfcollections compat saved_model_dir --tf 2.4", "will it load there?"),
    ("tfcollections export model.ckpt weights.safetensors", "weights out"),
    ("tfcollections export model.ckpt.meta model.onnx", "an ONNX model"),
    ("tfcollections run model.ckpt.meta --inputs x=x.npy", "run it, no TensorFlow"),
    ("tfcollections diff a.ckpt b.ckpt", "what changed"),
    ("tfcollections records train.tfrecord", "Example features"),
    ("tfcollections events logs/ --csv", "training curves"),
)


def parser_of(name: str, out: TextIO) -> argparse.ArgumentParser:
    """The argparse parser of the command *name* (not ``help``), its help written to *out*: its module's
    ``parser``, imported when the command is described."""
    command = BY_NAME[name]
    if not command.module:
        raise KeyError(name)
    module = __import__(f"{__package__}.{command.module}", fromlist=["parser"])
    return module.parser(out)  # type: ignore[no-any-return]


def _wrap(text: str, width: int) -> List[str]:
    import textwrap  # noqa: PLC0415 (only help wraps: it imports re, which a summary does not)

    return textwrap.wrap(text, width)


def terminal_columns(environ: Mapping[str, str], isatty: bool) -> int:
    """The width to wrap text to: ``COLUMNS`` when set, else the terminal's (when the output is one), else 80."""
    given = environ.get("COLUMNS", "")
    if given.isdigit() and int(given) > 0:
        return int(given)
    if isatty:
        try:
            return os.get_terminal_size().columns
        except (OSError, ValueError):
            pass
    return 80


def uses_color(environ: Mapping[str, str], isatty: bool) -> bool:
    """Whether emphasis (ANSI bold) may be written: on a terminal, unless ``NO_COLOR`` is set or ``TERM=dumb``."""
    return isatty and "NO_COLOR" not in environ and environ.get("TERM") != "dumb"


def overview(columns: int = 80, color: bool = False) -> str:
    """What ``tfcollections --help`` prints: the usage, each command with its line, examples, where help is."""
    width = max(columns, 40)
    name_width = max(len(command.name) for command in COMMANDS)
    usage = [("tfcollections [--version] [--completion {bash,zsh}]", "COMMAND [ARGS...]"),
             ("tfcollections PATH... [OPTIONS]", "(show, the default command)")]  # fmt: skip
    lines = []
    for number, (start, end) in enumerate(usage):  # each usage line whole where it fits, else in two
        lead = "usage: " if number == 0 else "       "
        if len(lead) + len(start) + 1 + len(end) <= width:
            lines.append(f"{lead}{start} {end}")
        else:
            lines += [f"{lead}{start}", f"{' ' * len(lead)}    {end}"]
    lines += [
        "",
        *_wrap(
            f"Read what TensorFlow wrote, without TensorFlow or protobuf (tfcollections {__version__}): models "
            "(.meta, saved_model.pb, frozen graphs, binary or text), their graphs, TF 2 object graphs and Keras "
            "layers, checkpoints (V1, V2, TF 2), TFRecords of tf.train.Example, and TensorBoard's event files; and "
            "turns a model into a frozen graph or an ONNX model that onnxruntime runs.",
            width,
        ),
        "",
        "commands:",
    ]
    for command in COMMANDS:
        shown = f"\x1b[1m{command.name}\x1b[0m" if color else command.name
        indent = " " * (4 + name_width + 2)
        wrapped = _wrap(command.summary, width - len(indent)) or [""]
        lines.append(f"    {shown}{' ' * (name_width - len(command.name))}  {wrapped[0]}")
        lines.extend(indent + line for line in wrapped[1:])
    lines += ["", "examples:"]
    example_width = max(len(example) for example, _ in _EXAMPLES)
    one_line = all(4 + example_width + 2 + len(what) <= width for _, what in _EXAMPLES)
    for example, what in _EXAMPLES:  # two columns where every row fits, else each example above its line
        if one_line:
            lines.append(f"    {example}{' ' * (example_width - len(example))}  {what}")
        else:
            lines += [f"    {example}", f"        {what}"]
    lines += [
        "",
        *_wrap(
            "'tfcollections help COMMAND' or 'tfcollections COMMAND --help' lists a command's options; "
            "'tfcollections --completion bash' (or zsh) prints a completion script: "
            'eval "$(tfcollections --completion bash)". Exit statuses, every command alike: 0 done, 1 the '
            "answer is no (findings, differences, would not load, restore or convert), 2 a usage error, 3 an "
            "input did not read.",
            width,
        ),
    ]
    return "\n".join(lines) + "\n"


def _options(parser: argparse.ArgumentParser) -> Tuple[List[str], Dict[str, List[str]]]:
    """A parser's option strings, and the choices of those that take one of a few values."""
    options: List[str] = []
    choices: Dict[str, List[str]] = {}
    for action in parser._actions:  # argparse keeps no public list of them
        for option in action.option_strings:
            options.append(option)
            if action.choices is not None:
                choices[option] = [str(choice) for choice in action.choices]
    return options, choices


def completion_script(shell: str, out: TextIO) -> str:
    """A completion script for *shell* (``bash`` or ``zsh``): commands, each command's options and their choices,
    and file names elsewhere; made from the parsers themselves."""
    after_option: List[str] = []  # the option just typed takes one of these values
    option_typed: List[str] = []  # an option being typed
    for command in COMMANDS:
        if command.name == "help":
            continue
        options, choices = _options(parser_of(command.name, out))
        for option, values in sorted(choices.items()):
            after_option.append(f'        "{command.name} {option}") COMPREPLY=($(compgen -W "{" ".join(values)}" '
                                '-- "$cur")); return;;')  # fmt: skip
        option_typed.append(f'        "{command.name} -"*) COMPREPLY=($(compgen -W "{" ".join(options)}" '
                            '-- "$cur")); return;;')  # fmt: skip
    names = " ".join(command.name for command in COMMANDS)
    nl = "\n"
    function = f"""_tfcollections() {{
    local cur prev command
    cur="${{COMP_WORDS[COMP_CWORD]}}"
    prev="${{COMP_WORDS[COMP_CWORD-1]}}"
    command=show
    case "${{COMP_WORDS[1]}}" in
        {names.replace(" ", "|")}) [ "$COMP_CWORD" -gt 1 ] && command="${{COMP_WORDS[1]}}";;
    esac
    if [ "$prev" = --completion ]; then
        COMPREPLY=($(compgen -W "bash zsh" -- "$cur")); return
    fi
    if [ "$COMP_CWORD" = 1 ] && [[ "$cur" != -* ]]; then
        COMPREPLY=($(compgen -W "{names}" -- "$cur") $(compgen -f -- "$cur")); return
    fi
    if [ "$command" = help ]; then
        COMPREPLY=($(compgen -W "{names}" -- "$cur")); return
    fi
    case "$command $prev" in
{nl.join(after_option)}
    esac
    case "$command $cur" in
{nl.join(option_typed)}
    esac
    COMPREPLY=($(compgen -f -- "$cur"))
}}
complete -o filenames -o bashdefault -F _tfcollections tfcollections
"""
    if shell == "bash":
        return (
            f'# bash completion for tfcollections {__version__}: eval "$(tfcollections --completion bash)"\n' + function
        )
    if shell == "zsh":
        return (
            f"#compdef tfcollections\n# zsh completion for tfcollections {__version__}: "
            'eval "$(tfcollections --completion zsh)"\n'
            "autoload -U +X bashcompinit && bashcompinit\n" + function
        )
    raise KeyError(shell)


def help_text(name: Optional[str], out: TextIO, columns: int, color: bool) -> Optional[str]:
    """What ``tfcollections help [NAME]`` prints (None: no such command)."""
    if name is None or name == "help":
        return overview(columns, color)
    if name not in BY_NAME:
        return None
    return parser_of(name, out).format_help()
