"""`pnp serve` from a built wheel: the templates and static files travel inside the package."""
from __future__ import annotations

import json
import os
import site
import subprocess
import sys
import zipfile
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
# the install group's worker: building in the checkout (its build/ and egg-info) must not race test_install.py
pytestmark = [pytest.mark.install, pytest.mark.xdist_group("install")]


def test_serve_runs_from_the_wheel_with_its_own_templates_and_htmx(tmp_path):
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(tmp_path / "dist"), str(ROOT)], check=True, capture_output=True, timeout=300)
    wheel = next((tmp_path / "dist").glob("hercules_pnp-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    web = sorted(n for n in names if n.startswith("pnp/web/") and not n.endswith(".py"))
    shipped = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "pnp" / "web").rglob("*")
                     if p.is_file() and p.suffix in (".html", ".js", ".css", ".txt", ".png"))
    assert web == shipped and "pnp/web/static/htmx.min.js" in web and "pnp/web/static/htmx-LICENSE.txt" in web
    site_dir = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(site_dir)
    deps = [p for p in site.getsitepackages() if "site-packages" in p]
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env.update(PYTHONPATH=os.pathsep.join([str(site_dir), *deps]), PNP_HOME=str(ROOT),
               PNP_STORE=str(tmp_path / "s.db"), PNP_CACHE=str(tmp_path / "cache"))
    where = subprocess.run([sys.executable, "-c", "import pnp.web, sys; print(pnp.web.__file__)"], cwd=tmp_path,
                           env=env, capture_output=True, text=True, check=True).stdout
    assert where.startswith(str(site_dir))  # the installed copy, not the checkout
    subprocess.run([sys.executable, "-m", "pnp", "campaign", "new", "--player", "J", "--name", "v"], cwd=tmp_path,
                   env=env, check=True, capture_output=True)
    proc = subprocess.Popen([sys.executable, "-m", "pnp", "serve", "--port", "0", "--json"], cwd=tmp_path, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
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
