"""The files of "Play on this device": the offline page and the npm
package's modules and .wasm under /static/offline/pkg/, with the CSP that lets
the page (and the bot Worker) compile WebAssembly, and only them."""

import pathlib
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

    async def test_the_online_pages_may_not_compile_webassembly(self):
        for path in ["/", "/t/abc", "/static/js/table.js", "/api/games"]:
            response, _ = await self.get(path)
            self.assertNotIn("wasm", response.headers["Content-Security-Policy"], path)


if __name__ == "__main__":
    import unittest
    unittest.main()
