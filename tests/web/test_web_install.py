"""`pnp serve` from a built wheel: the templates and static files travel inside the package."""
from __future__ import annotations

import json
import subprocess
import zipfile
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
# the install group's worker: the wheel and its venv are built once for the group (tests/installed.py)
pytestmark = [pytest.mark.install, pytest.mark.xdist_group("install")]


def test_serve_runs_from_the_wheel_with_its_own_templates_and_htmx(installed, tmp_path):
    names = zipfile.ZipFile(installed.wheel).namelist()
    web = sorted(n for n in names if n.startswith("pnp/web/") and not n.endswith(".py"))
    shipped = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "pnp" / "web").rglob("*")
                     if p.is_file() and p.suffix in (".html", ".js", ".css", ".txt", ".png"))
    assert web == shipped and "pnp/web/static/htmx.min.js" in web and "pnp/web/static/htmx-LICENSE.txt" in web
    env = installed.env | {"PNP_STORE": str(tmp_path / "s.db"), "PNP_CACHE": str(tmp_path / "cache")}
    python = installed.venv / "bin" / "python"
    where = installed.run([], tmp_path, env=env, ok=False)  # bare `pnp` prints its usage
    assert "Usage: pnp" in where.stdout + where.stderr
    where = subprocess.run([python, "-c", "import pnp.web; print(pnp.web.__file__)"], cwd=tmp_path, env=env,
                           capture_output=True, text=True, check=True).stdout
    assert Path(where.strip()).is_relative_to(installed.venv)  # the installed copy, not the checkout
    installed.run(["campaign", "new", "--player", "J", "--name", "v"], tmp_path, env=env)
    proc = subprocess.Popen([installed.venv / "bin" / "pnp", "serve", "--port", "0", "--json"], cwd=tmp_path,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = json.loads(proc.stdout.readline())["url"]
        assert httpx.get(url + "deck").status_code == 200
        js = httpx.get(url + "static/htmx.min.js")
        assert js.status_code == 200 and js.content == (ROOT / "pnp/web/static/htmx.min.js").read_bytes()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
        proc.stdout.close()
        proc.stderr.close()
