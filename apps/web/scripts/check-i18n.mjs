// Checks that id.json and en.json have the same keys and that every literal t('key') of the source exists.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('../src/', import.meta.url).pathname;
const locales = ['id', 'en'].map((lang) => [
  lang,
  JSON.parse(readFileSync(join(root, `shared/i18n/locales/${lang}.json`), 'utf8')),
]);

function flatten(value, prefix = '', out = new Set()) {
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) flatten(child, prefix ? `${prefix}.${key}` : key, out);
  } else out.add(prefix);
  return out;
}

const keys = new Map(locales.map(([lang, data]) => [lang, flatten(data)]));
const problems = [];
for (const [lang, set] of keys) {
  for (const [other, otherSet] of keys) {
    if (lang === other) continue;
    for (const key of set)
      if (!otherSet.has(key)) problems.push(`${key} is in ${lang}.json but not in ${other}.json`);
  }
}

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

const idKeys = keys.get('id');
const pluralOrPrefix = (key) =>
  idKeys.has(`${key}_other`) || [...idKeys].some((k) => k.startsWith(`${key}.`));
for (const file of files(root)) {
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(/\bt\(\s*'([a-zA-Z0-9_.-]+)'/g)) {
    const key = match[1];
    if (!idKeys.has(key) && !pluralOrPrefix(key))
      problems.push(`${file.slice(root.length)}: missing key ${key}`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`i18n ok: ${idKeys.size} keys in id and en`);
