#!/usr/bin/env node
// Size limits of the house (issue #35): no source file over 300 lines, no React component over 150.
// A file or component that is over today is named in scripts/size-allow-list.mjs; nothing else may
// cross the line, and an entry that is back under its limit is told to leave the list, so the list
// only shrinks and always says what is left to split. Tests are not source here: they are sized by service.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { FILE_LIMIT, COMPONENT_LIMIT, allowedFiles, allowedComponents } from './size-allow-list.mjs';

const require = createRequire(import.meta.url);
const ts = require('typescript');
const root = fileURLToPath(new URL('..', import.meta.url));

const sourceRoots = [
  'apps/server/src',
  'apps/web/src',
  'apps/simulator/src',
  'packages/contract/src',
  'packages/contract/scripts',
  'packages/texts/src',
  'bench/src',
  'scripts',
];
const isSource = (name) => /\.(ts|tsx|mjs|js)$/.test(name) && !/\.(test|spec)\.(ts|tsx)$/.test(name);
const skipDirs = new Set(['node_modules', 'dist', 'test', '__tests__']);

function walk(dir, out) {
  let names;
  try {
    names = readdirSync(join(root, dir));
  } catch {
    return out;
  }
  for (const name of names) {
    const path = `${dir}/${name}`;
    if (statSync(join(root, path)).isDirectory()) {
      if (!skipDirs.has(name)) walk(path, out);
    } else if (isSource(name)) out.push(path);
  }
  return out;
}

const lineCount = (text) => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

// A component is a function whose name starts with a capital letter, declared in a .tsx file:
// `function Page()`, `const Page = () => ...`, or either wrapped (`memo(...)`, `forwardRef(...)`).
function components(path, text) {
  const file = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found = [];
  const lines = (node) =>
    file.getLineAndCharacterOfPosition(node.getEnd()).line -
    file.getLineAndCharacterOfPosition(node.getStart(file)).line +
    1;
  const visit = (node) => {
    if (ts.isFunctionDeclaration(node) && node.name && /^[A-Z]/.test(node.name.text)) {
      found.push({ name: node.name.text, lines: lines(node) });
    } else if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      /^[A-Z]/.test(node.name.text) &&
      node.initializer &&
      (ts.isArrowFunction(node.initializer) ||
        ts.isFunctionExpression(node.initializer) ||
        (ts.isCallExpression(node.initializer) &&
          node.initializer.arguments.some((a) => ts.isArrowFunction(a) || ts.isFunctionExpression(a))))
    ) {
      found.push({ name: node.name.text, lines: lines(node) });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

const overFiles = new Map();
const overComponents = new Map();
for (const dir of sourceRoots) {
  for (const path of walk(dir, [])) {
    const text = readFileSync(join(root, path), 'utf8');
    const n = lineCount(text);
    if (n > FILE_LIMIT) overFiles.set(path, n);
    if (path.endsWith('.tsx')) {
      for (const c of components(path, text)) {
        if (c.lines > COMPONENT_LIMIT) overComponents.set(`${path}#${c.name}`, c.lines);
      }
    }
  }
}

const problems = [];
const left = [];
// Said, not failed: a split landing in parallel with another branch must not break main's check.
const stale = [];
const compare = (over, allowed, limit, what) => {
  for (const [key, n] of [...over].sort((a, b) => b[1] - a[1])) {
    if (allowed.includes(key)) left.push(`  ${what} ${key}: ${n} lines (allowed for now)`);
    else problems.push(`${what} ${key} has ${n} lines (limit ${limit}): split it by concern.`);
  }
  for (const key of allowed) {
    if (!over.has(key)) {
      stale.push(
        `${what} ${key} is within ${limit} lines now (or gone): take it off scripts/size-allow-list.mjs.`,
      );
    }
  }
};
compare(overFiles, allowedFiles, FILE_LIMIT, 'file');
compare(overComponents, allowedComponents, COMPONENT_LIMIT, 'component');

if (left.length) console.log(`Left to split (${left.length}):\n${left.join('\n')}`);
if (stale.length) console.warn(stale.join('\n'));
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  `sizes: ${overFiles.size} source files over ${FILE_LIMIT} lines, ${overComponents.size} components over ${COMPONENT_LIMIT}, all on the allow-list`,
);
