#!/usr/bin/env node
// Checks every package in package-lock.json against security/advisories.json, offline: the
// registry's audit endpoint is not reachable from this project's machines. Exit 1 on any match
// that security/allow-list.json does not accept.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const semver = require('semver');
const lock = JSON.parse(readFileSync(new URL('../package-lock.json', import.meta.url), 'utf8'));
const { advisories } = JSON.parse(
  readFileSync(new URL('../security/advisories.json', import.meta.url), 'utf8'),
);
const { allowed } = JSON.parse(readFileSync(new URL('../security/allow-list.json', import.meta.url), 'utf8'));
const accepted = new Set(allowed.map((a) => `${a.id}:${a.package}`));

const installed = new Map();
for (const [path, entry] of Object.entries(lock.packages ?? {})) {
  if (!path.includes('node_modules/') || !entry.version) continue;
  const name = path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
  if (!installed.has(name)) installed.set(name, new Set());
  installed.get(name).add(entry.version);
}

const findings = [];
for (const adv of advisories) {
  for (const version of installed.get(adv.package) ?? []) {
    if (semver.satisfies(version, adv.vulnerable, { includePrerelease: true })) {
      findings.push({ ...adv, version, allowed: accepted.has(`${adv.id}:${adv.package}`) });
    }
  }
}
const packages = [...installed.values()].reduce((n, s) => n + s.size, 0);
for (const f of findings) {
  console.log(`${f.allowed ? 'allowed' : 'VULNERABLE'}  ${f.package}@${f.version}  ${f.id}  ${f.summary}`);
}
const blocking = findings.filter((f) => !f.allowed);
console.log(
  `checked ${packages} installed package versions against ${advisories.length} advisories: ${blocking.length} blocking, ${findings.length - blocking.length} allowed`,
);
process.exit(blocking.length > 0 ? 1 : 0);
