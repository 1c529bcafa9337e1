// The package's CommonJS entry (package.json "exports", "require"). The
// package is ES modules; a Node that can require() an ES module (22.12+,
// 20.19+) gets it here, the same module `import` gives, and, as with
// import, calls `await init()` before using it. Older Nodes (Debian 12's
// 18) cannot: they get an error that says what to write instead.
'use strict';

try {
  module.exports = require('./index.js');
} catch (error) {
  if (error?.code !== 'ERR_REQUIRE_ESM') throw error;
  const message = `tablegames is an ES module, and Node ${process.versions.node} cannot require() one: ` +
    "load it with `const tg = await import('tablegames')` (from CommonJS too), then `await tg.init()`; " +
    'Node 20.19+ and 22.12+ can require() it.';
  throw Object.assign(new Error(message, { cause: error }), { code: 'ERR_REQUIRE_ESM' });
}
