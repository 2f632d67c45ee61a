"""make run's web app: the static server behind Envoy (deploy/local/web.py)."""

from __future__ import annotations

import urllib.error
import urllib.request

import pytest

from deploy.local import cluster
from deploy.local.web import WebServer


def test_envoy_sends_gets_to_the_web_app_and_the_rest_to_the_replicas() -> None:
    config = cluster.render_envoy_config(18080, 18081, [50061], web_port=18082)
    web_route = config.index("cluster: cercle_web")
    grpc_route = config.index("cluster: cercle_replicas")
    assert web_route < grpc_route, "the GET route comes before the catch-all"
    assert 'regex: "GET|HEAD"' in config
    assert "port_value: 18082" in config
    assert "cercle_web" not in cluster.render_envoy_config(18080, 18081, [50061])


def test_the_web_server_serves_the_page_and_nothing_else() -> None:
    server = WebServer()
    try:
        base = f"http://127.0.0.1:{server.port}"
        with urllib.request.urlopen(f"{base}/") as page:
            assert page.headers["content-type"].startswith("text/html")
            assert b"build/app.js" in page.read()
        for path in ("/../pyproject.toml", "/src/main.ts", "/package.json"):
            with pytest.raises(urllib.error.HTTPError) as refused:
                urllib.request.urlopen(f"{base}{path}")
            assert refused.value.code == 404
    finally:
        server.stop()


def test_every_place_of_the_page_is_an_address_the_server_answers_with_the_page() -> None:
    """A table's, a replay's and an invite's addresses (clients/web/src/links.ts) are the
    page's one path with a query, so a shared or bookmarked link reaches index.html."""
    server = WebServer()
    try:
        base = f"http://127.0.0.1:{server.port}"
        with urllib.request.urlopen(f"{base}/") as page:
            index = page.read()
        for query in ("?room=3f9c2a1b&lang=en", "?room=3f9c2a1b&code=K7QX2M", "?replay=3f9c2a1b"):
            with urllib.request.urlopen(f"{base}/{query}") as page:
                assert page.status == 200 and page.read() == index, query
    finally:
        server.stop()
