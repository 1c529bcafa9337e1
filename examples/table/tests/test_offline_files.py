"""The files of "Play on this device": the offline page and the npm
package's modules and .wasm under /static/offline/pkg/, with the CSP that lets
the page (and the bot Worker) compile WebAssembly, and only them; the
package's BotWorker and its Worker script, which the computer seats use; and
every file the service worker keeps."""

import pathlib
import re
import shutil
import tempfile
from unittest import mock

from tablegames_table import app as app_mod

from support import ServerTestCase

WASM = b"\0asm\1\0\0\0"


class OfflineFiles(ServerTestCase):
    async def asyncSetUp(self):
        self.package = pathlib.Path(tempfile.mkdtemp(prefix="table-js-"))
        for name, data in {"index.js": b"export {};", "dist/t.wasm": WASM, "dist/t.mjs": b"//",
                           "node_modules/x/index.js": b"//", "tests/a.js": b"//",
                           ".hidden.js": b"//", "README.md": b"#", "package.json": b"{}"}.items():
            path = self.package / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
        patcher = mock.patch.object(app_mod, "JS_PACKAGE", self.package)
        patcher.start()
        self.addCleanup(patcher.stop)
        self.addCleanup(shutil.rmtree, self.package, True)
        await super().asyncSetUp()

    async def get(self, path):
        response = await self.client.get(path)
        return response, await response.read()

    async def test_the_package_modules_and_wasm_are_served(self):
        for path, kind, data in [("/static/offline/pkg/index.js", "text/javascript", b"export {};"),
                                 ("/static/offline/pkg/dist/t.mjs", "text/javascript", b"//"),
                                 ("/static/offline/pkg/dist/t.wasm", "application/wasm", WASM)]:
            response, body = await self.get(path)
            self.assertEqual(response.status, 200, path)
            self.assertEqual(response.content_type, kind, path)
            self.assertEqual(body, data)
            self.assertIn("'wasm-unsafe-eval'", response.headers["Content-Security-Policy"])

    async def test_nothing_else_of_the_package_is_served(self):
        for path in ["/static/offline/pkg/README.md", "/static/offline/pkg/package.json",
                     "/static/offline/pkg/node_modules/x/index.js", "/static/offline/pkg/tests/a.js",
                     "/static/offline/pkg/.hidden.js", "/static/offline/pkg/missing.js",
                     "/static/offline/pkg/dist", "/static/offline/pkg/..%2F..%2Fapp.py",
                     "/static/offline/pkg/dist/..%2F..%2Findex.js"]:
            response, _ = await self.get(path)
            self.assertEqual(response.status, 404, path)

    async def test_the_list_of_the_package_files_is_what_is_served(self):
        response, _ = await self.get("/static/offline/pkg-files.json")
        self.assertEqual(response.status, 200)
        self.assertEqual((await response.json())["files"], ["dist/t.mjs", "dist/t.wasm", "index.js"])

    async def test_the_offline_page_and_its_service_worker(self):
        for path in ["/static/offline/play.html", "/static/offline/sw.js", "/static/offline/play.js"]:
            response, _ = await self.get(path)
            self.assertEqual(response.status, 200, path)
            self.assertIn("'wasm-unsafe-eval'", response.headers["Content-Security-Policy"])
        _, lobby = await self.get("/")
        self.assertIn(b'href="/static/offline/play.html"', lobby)
        # Its folder leads to it (a static folder answered 403).
        for path in ["/static/offline/", "/static/offline"]:
            response = await self.client.get(path, allow_redirects=False)
            self.assertEqual((response.status, response.headers["Location"]),
                             (302, "/static/offline/play.html"), path)
            response, _ = await self.get(path)
            self.assertEqual((response.status, str(response.url.path)),
                             (200, "/static/offline/play.html"), path)

    async def test_the_online_pages_may_not_compile_webassembly(self):
        for path in ["/", "/t/abc", "/static/js/table.js", "/api/games"]:
            response, _ = await self.get(path)
            self.assertNotIn("wasm", response.headers["Content-Security-Policy"], path)


class OfflineWorkerFiles(ServerTestCase):
    """With the repository's own package (bindings/js), as the page gets it."""

    async def asyncSetUp(self):
        repo = pathlib.Path(__file__).resolve().parents[3]
        patcher = mock.patch.object(app_mod, "JS_PACKAGE", repo / "bindings" / "js")
        patcher.start()
        self.addCleanup(patcher.stop)
        await super().asyncSetUp()

    async def test_the_computer_seats_worker_is_the_packages(self):
        # engine.js imports pkg/bot-worker.js, whose BotWorker starts
        # pkg/worker.js: both under the service worker's scope, both kept.
        response = await self.client.get("/static/offline/pkg-files.json")
        listed = (await response.json())["files"]
        for name in ["bot-worker.js", "worker.js", "index.js"]:
            self.assertIn(name, listed)
            response = await self.client.get("/static/offline/pkg/" + name)
            self.assertEqual(response.status, 200, name)
            self.assertEqual(response.content_type, "text/javascript", name)
        engine = await (await self.client.get("/static/offline/engine.js")).text()
        self.assertTrue("bot-worker.js" in engine, "engine.js does not import the package's BotWorker")
        self.assertFalse("new Worker(" in engine, "engine.js starts a Worker of its own")

    async def test_every_file_the_service_worker_keeps_is_served(self):
        # A file taken out of the page but left in sw.js's list would make
        # the service worker's install fail (cache.addAll), and offline
        # play with it.
        sw = await (await self.client.get("/static/offline/sw.js")).text()
        files = re.findall(r'"(/static/[^"]+\.(?:js|css|html))"', re.search(r"const FILES = \[(.*?)\];", sw, re.S).group(1))
        self.assertIn("/static/offline/play.js", files)
        for path in files:
            response = await self.client.get(path)
            self.assertEqual(response.status, 200, path)


if __name__ == "__main__":
    import unittest
    unittest.main()
