// Writes catalogue.d.ts, the package's types of the games' ids and of each
// game's options, from the library's own catalogue (games()), so that the
// types cannot drift from the C code: test/catalogue-types.test.js fails
// when the file differs from what this prints.
//
//     node bindings/js/catalogue-types.mjs > bindings/js/catalogue.d.ts
import { fileURLToPath } from 'node:url';
import { games, init } from './index.js';

// An int option with at most this many values is typed as their union.
const MAX_LITERALS = 32;

const BOOL_WORDS = ['yes', 'no', 'true', 'false', 'on', 'off'];

function quoted(text) {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

function valueType(option) {
  switch (option.type) {
    case 'bool':
      return `boolean | ${BOOL_WORDS.map(quoted).join(' | ')}`;
    case 'choice':
      return option.choices.map(quoted).join(' | ');
    case 'int': {
      const count = option.max - option.min + 1;
      if (Number.isInteger(option.min) && count <= MAX_LITERALS) {
        return Array.from({ length: count }, (_, i) => String(option.min + i)).join(' | ');
      }
      return 'number';
    }
    default:
      return 'number';
  }
}

function comment(text, indent) {
  return `${indent}/** ${text.replace(/\*\//g, '*\\/')} */`;
}

/** The text of catalogue.d.ts. */
export function catalogueTypes() {
  const infos = games();
  const lines = [
    '// The games\' ids and each game\'s options as TypeScript types, written by',
    '// catalogue-types.mjs from the library\'s catalogue; do not edit by hand',
    '// (test/catalogue-types.test.js holds this file to the library).',
    '',
    '/** The id of a game of the catalogue. */',
    `export type GameId = ${infos.map((info) => quoted(info.id)).join(' | ')};`,
    '',
    '/** Each game\'s options, as new Game(id, options) takes them (all optional). */',
    'export interface GameOptionsById {',
  ];
  for (const info of infos) {
    lines.push(comment(info.name, '  '));
    lines.push(`  ${info.id}: {`);
    for (const option of info.options) {
      lines.push(comment(`${option.description} (${option.allowed}; default ${option.default})`, '    '));
      lines.push(`    ${option.name}?: ${valueType(option)};`);
    }
    lines.push('  };');
  }
  lines.push('}', '');
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await init();
  process.stdout.write(catalogueTypes());
}
