"""Run the CLI as ``python -m pnp`` (same commands, help and exit codes as ``pnp``)."""
from pnp.cli.main import main

if __name__ == "__main__":
    main(prog_name="pnp")
