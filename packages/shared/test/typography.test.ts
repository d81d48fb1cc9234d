import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The French typography of format.ts, checked on every text a user reads: the web app's
 * sources, the shared messages and the server's messages and e-mails. Only string literals,
 * template parts and JSX text are read, so code such as `a ? b : c` never counts.
 */
const ROOT = path.resolve(import.meta.dirname, '../../..');
const SCANNED = ['apps/web/src', 'packages/shared/src', 'apps/api/src'];
// Tests and fixtures mirror the texts they check; migrations never change once landed; the
// demo people keep their names as typed on a keyboard (N'Guessan), like the real ones will.
const SKIPPED = /\.test\.tsx?$|\.d\.ts$|\/src\/test\/|\/db\/migrations\/|\/db\/seed\/people\.ts$/;

const RULES: { fault: string; test: (text: string) => boolean }[] = [
  {
    fault: 'breaking space before : ; ! ? (U+00A0 before :, U+202F before ; ! ?)',
    test: (t) => / [:;!?](?=\s|$)/.test(t),
  },
  { fault: 'U+00A0 before ; ! ? or U+202F before :', test: (t) => /\u00a0[;!?]|\u202f:/.test(t) },
  // A capitalised word glued to its colon ('Minimum:'); lower-case ones are URLs, CSS or media
  // queries, and HTTP header lines (Content-Length:, \r\n) are protocol, not French.
  {
    fault: 'no space before : ; ! ?',
    test: (t) => !t.includes('\r\n') && /(?<![-\w])\p{Lu}[\p{L}\s]*[\p{L}\d)][:;!?](?=\s|$)/u.test(t),
  },
  { fault: 'straight apostrophe (’)', test: (t) => /\p{L}'\p{L}/u.test(t) },
  {
    fault: "'email' (e-mail, E-mail)",
    test: (t) => (/\s/.test(t) || /^Email/.test(t)) && /(?<![-.\w@/])[Ee]mails?\b/.test(t),
  },
  { fault: "' - ' as a separator (–)", test: (t) => / - /.test(t) && !/\b(calc|min|max)\(|\dpx\b|var\(--/.test(t) },
  { fault: 'breaking space before FCFA', test: (t) => /(^|\d) FCFA/.test(t) },
  { fault: 'breaking space inside « »', test: (t) => /« | »/.test(t) },
];

/** The rules a text breaks. */
export function typographyFaults(text: string): string[] {
  return RULES.filter((rule) => rule.test(text)).map((rule) => rule.fault);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !SKIPPED.test(file) ? [file] : [];
  });
}

/** JSX text as React renders it: lines trimmed where they break, blank ones dropped, joined by a space. */
function renderedJsxText(text: string): string {
  const lines = text.split(/\r\n|\n|\r/);
  return lines
    .map((line, i) => (i > 0 ? line.trimStart() : line))
    .map((line, i) => (i < lines.length - 1 ? line.trimEnd() : line))
    .filter(Boolean)
    .join(' ');
}

/** Every string literal, template part and JSX text of a file, with its line. */
function userTexts(file: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const texts: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    // Module paths, literal types and SQL are code, not text.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isLiteralTypeNode(node)) return;
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') return;
    if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node) || ts.isJsxText(node)) {
      const text = ts.isJsxText(node) ? renderedJsxText(node.text) : node.text;
      texts.push({ line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

describe('French typography', () => {
  it('flags each fault and lets code through', () => {
    expect(typographyFaults('Montant total : 5')).toHaveLength(1);
    expect(typographyFaults('Minimum: 50,000')).toHaveLength(1);
    expect(typographyFaults('Mot de passe oublié ?')).toHaveLength(1);
    expect(typographyFaults('Prix\u202f: 5')).toHaveLength(1);
    expect(typographyFaults("Date d'embauche")).toHaveLength(1);
    expect(typographyFaults('Adresse email')).toHaveLength(1);
    expect(typographyFaults('Email')).toHaveLength(1);
    expect(typographyFaults('Page 1 sur 4 - 39 demandes')).toHaveLength(1);
    expect(typographyFaults('50 000 FCFA')).toHaveLength(1);
    expect(typographyFaults('« Autre »')).toHaveLength(1);
    for (const ok of [
      'Montant total\u00a0: 50\u202f000\u00a0FCFA',
      'Mot de passe oublié\u202f?',
      'Date d’embauche',
      'Adresse e-mail',
      'Page 1 sur 4 – 39 demandes',
      '«\u00a0Autre\u00a0»',
      'email',
      'u.email',
      'mailto:',
      '(max-width: 48em)',
      'calc(100dvh - 64px)',
      'montants en FCFA',
    ]) {
      expect(typographyFaults(ok), ok).toEqual([]);
    }
  });

  // It reads every source file: seconds on a quiet machine, more beside other test files.
  it('holds in every text of the web app, the shared messages and the server', { timeout: 60_000 }, () => {
    const faults = SCANNED.flatMap((dir) => sourceFiles(path.join(ROOT, dir))).flatMap((file) =>
      userTexts(file).flatMap(({ line, text }) =>
        typographyFaults(text).map((fault) => `${path.relative(ROOT, file)}:${line} ${fault}: ${JSON.stringify(text)}`),
      ),
    );
    expect(faults).toEqual([]);
  });
});
