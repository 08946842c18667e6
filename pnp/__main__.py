"""Run the CLI as ``python -m pnp``."""
from pnp.cli.main import main

main()
