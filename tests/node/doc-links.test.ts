// Every relative link of the Markdown docs (README.md, docs/**, bench/README.md) points to a file or folder of the
// repository, and a `#fragment` to a heading of that file, so moving or renaming a doc or a section cannot leave a
// dead link behind; and the docs the package ships (README.md, docs/**) link only to files it ships, so they also work
// read from node_modules/ag-ui-lit/. Links to other sites are not fetched.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** The Markdown files whose links are checked, relative to the repository. */
function markdownFiles(): string[] {
  const docs = readdirSync(join(root, 'docs'), { recursive: true })
    .map((name) => `docs/${String(name).replaceAll('\\', '/')}`)
    .filter((file) => file.endsWith('.md'));
  return ['README.md', 'bench/README.md', ...docs].sort();
}

/** The text without fenced code blocks and code spans, where `[a](b)` is code, not a link. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/(`+)[\s\S]*?\1/g, '');
}

/** The link targets of a Markdown text: inline links and images, reference definitions, HTML `href`/`src`. */
function linkTargets(markdown: string): string[] {
  const text = withoutCode(markdown);
  const targets: string[] = [];
  for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]!);
  for (const match of text.matchAll(/^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)) targets.push(match[1]!);
  for (const match of text.matchAll(/\s(?:href|src)="([^"]+)"/g)) targets.push(match[1]!);
  return targets;
}

/** GitHub's anchors of a Markdown file's headings (`## The run loop` -> `the-run-loop`; repeats get `-1`, `-2`). */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const headings = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm);
  for (const [, heading] of headings) {
    const slug = heading!
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return anchors;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** What `npm pack` puts in the package: package.json `files`, and the files npm always includes. */
function shippedTopLevel(): Set<string> {
  const { files } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { files: string[] };
  return new Set([...files, 'package.json', 'README.md', 'LICENSE']);
}

/** The relative link targets of `file` that resolve outside what the package ships. */
function unshippedLinks(file: string): string[] {
  const shipped = shippedTopLevel();
  return linkTargets(readFileSync(join(root, file), 'utf8'))
    .filter((target) => !isExternal(target) && !target.startsWith('#'))
    .filter((target) => {
      const path = decodeURIComponent(target.split('#', 1)[0]!);
      const top = relative(root, path.startsWith('/') ? join(root, path) : join(root, dirname(file), path)).split(/[\\/]/)[0]!;
      return !shipped.has(top);
    });
}

/** The broken relative links of `file`, as `target (why)`. */
function brokenLinks(file: string): string[] {
  const broken: string[] = [];
  const source = readFileSync(join(root, file), 'utf8');
  for (const target of linkTargets(source)) {
    if (isExternal(target)) continue;
    const [pathPart, fragment] = target.split('#', 2) as [string, string | undefined];
    const path = decodeURIComponent(pathPart);
    const resolved = path === '' ? join(root, file) : path.startsWith('/') ? join(root, path) : join(root, dirname(file), path);
    if (relative(root, resolved).startsWith('..')) {
      broken.push(`${target} (outside the repository)`);
    } else if (!existsSync(resolved)) {
      broken.push(`${target} (no such file)`);
    } else if (fragment && statSync(resolved).isFile() && resolved.endsWith('.md')) {
      if (!anchorsOf(readFileSync(resolved, 'utf8')).has(fragment)) broken.push(`${target} (no heading #${fragment})`);
    }
  }
  return broken;
}

describe('relative links in the docs', () => {
  for (const file of markdownFiles()) {
    it(`${file}: every relative link resolves`, () => {
      assert.deepEqual(brokenLinks(file), [], `broken links in ${file}`);
    });
  }
});

describe('links in the docs the package ships', () => {
  for (const file of markdownFiles().filter((name) => name !== 'bench/README.md')) {
    it(`${file}: links only to files in the package`, () => {
      assert.deepEqual(unshippedLinks(file), [], `links in ${file} to files that npm pack leaves out`);
    });
  }
});
