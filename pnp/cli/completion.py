"""`pnp completion SHELL`: print the shell completion script (click's own, for bash, zsh or fish)."""
from __future__ import annotations

import click
from click.shell_completion import get_completion_class

from pnp.cli.main import main

SHELLS = ("bash", "zsh", "fish")
COMPLETE_VAR = "_PNP_COMPLETE"


@click.command()
@click.argument("shell", type=click.Choice(SHELLS))
def completion(shell):
    """Print the completion script for SHELL: commands, games, campaigns, cards, deeds, situations, option values.

    \b
    Install it once (then open a new shell):
      bash: mkdir -p ~/.local/share/bash-completion/completions && pnp completion bash > ~/.local/share/bash-completion/completions/pnp
      zsh:  mkdir -p ~/.zfunc && pnp completion zsh > ~/.zfunc/_pnp   (with fpath+=~/.zfunc before compinit in ~/.zshrc)
      fish: mkdir -p ~/.config/fish/completions && pnp completion fish > ~/.config/fish/completions/pnp.fish

    Example: eval "$(pnp completion bash)"
    """
    click.echo(get_completion_class(shell)(main, {}, "pnp", COMPLETE_VAR).source(), nl=False)
