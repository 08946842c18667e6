"""What is in the PDF's place decides nothing: an immutable file there is a one-line error, nothing half-written."""
from __future__ import annotations

import shutil
import subprocess

import pytest
from click.testing import CliRunner

from pnp.cli.main import main
from print_fixtures import write_set


def _chattr(flag: str, path) -> bool:
    tool = shutil.which("chattr")
    return bool(tool) and subprocess.run([tool, flag, str(path)], capture_output=True).returncode == 0


def test_an_immutable_file_where_the_pdf_goes_is_a_one_line_error(tmp_path):
    folder = write_set(tmp_path / "s")
    out = tmp_path / "out"
    out.mkdir()
    target = out / "s.pdf"
    target.write_bytes(b"an old PDF the user locked")
    if not _chattr("+i", target):
        pytest.skip("chattr +i is not available here (needs root and a filesystem with attributes)")
    try:
        res = CliRunner().invoke(main, ["print", str(folder), "-o", str(out)])
        assert res.exit_code == 1 and "internal error" not in res.output
        assert "s.pdf" in res.output and "fix:" in res.output and len(res.output.strip().splitlines()) == 1
        assert target.read_bytes() == b"an old PDF the user locked"
        assert sorted(p.name for p in out.iterdir()) == ["s.pdf"]  # no .part left behind
    finally:
        _chattr("-i", target)


@pytest.mark.skipif(not hasattr(__import__("os"), "mkfifo"), reason="needs os.mkfifo (POSIX named pipes)")
@pytest.mark.parametrize("name", ["cards.csv", "layouts.yaml"])
def test_a_named_pipe_in_a_set_is_refused_not_waited_on(tmp_path, name):
    import os
    folder = write_set(tmp_path / "s")
    (folder / name).unlink()
    os.mkfifo(folder / name)
    res = CliRunner().invoke(main, ["validate", str(folder)])
    assert res.exit_code == 1 and "not a regular file" in res.output and name in res.output
