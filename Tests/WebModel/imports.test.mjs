// check-imports.mjs as a test: the dashboard's scripts have no import cycle, no missing import,
// model/ without DOM, no function over 150 lines, no /assets/ URL to nowhere. And the checker
// itself finds each of these in a small tree made for it.

import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { checkResources, functionLengths, importsOf, skeleton } from "./check-imports.mjs";

test("the dashboard's front end passes the import and size checks", () => {
  const { problems, graph } = checkResources();
  assert.ok(graph.size > 20, `scripts found: ${graph.size}`);
  assert.deepEqual(problems.map((p) => `${p.file}:${p.line}: ${p.rule}: ${p.message}`), []);
});

/** Makes a resources folder from {path: text} and runs the check on it. */
function check(files) {
  const root = mkdtempSync(join(tmpdir(), "nl-assets-"));
  try {
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return checkResources(root).problems;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

const rules = (problems) => problems.map((p) => p.rule);

test("a clean little tree has no problems", () => {
  assert.deepEqual(check({
    "index.html": '<script type="module" src="/assets/app/main.js"></script>',
    "assets/app/main.js": 'import { a } from "../model/a.js";\nimport("../views/v/v.js");\n',
    "assets/model/a.js": 'import { b } from "./b.js";\nexport const a = b;\n',
    "assets/model/b.js": "export const b = 1;\n",
    "assets/views/v/v.js": 'import { a } from "../../model/a.js";\nexport const v = a;\n',
  }), []);
});

test("an import cycle is found, through a dynamic import too, and named once", () => {
  const problems = check({
    "assets/views/a/a.js": 'import { b } from "../b/b.js";\nexport const a = 1;\n',
    "assets/views/b/b.js": 'export const b = 1;\nconst later = () => import("../c/c.js");\n',
    "assets/views/c/c.js": 'export * from "../a/a.js";\n',
  });
  assert.deepEqual(rules(problems), ["import-cycle"]);
  assert.match(problems[0].message, /views\/a\/a\.js → assets\/views\/b\/b\.js → assets\/views\/c\/c\.js → assets\/views\/a\/a\.js/);
});

test("an import of a file that does not exist, and a bare package name", () => {
  const problems = check({
    "assets/lib/a.js": 'import { x } from "./nothing.js";\nimport "lodash";\n',
  });
  assert.deepEqual(rules(problems), ["missing-import", "bare-import"]);
  assert.equal(problems[0].line, 1);
  assert.equal(problems[1].line, 2);
});

test("model/ may not import lib/ or views/, nor use the browser's globals", () => {
  const problems = check({
    "assets/lib/dom.js": "export const h = 1;\n",
    "assets/views/v.js": "export const v = 1;\n",
    "assets/model/m.js": [
      'import { h } from "../lib/dom.js";',
      'import { v } from "../views/v.js";',
      "// document in a comment is fine, and so is 'window' in a string",
      "const size = { window: 3 };",
      "export const m = () => document.title + size.window;",
    ].join("\n"),
  });
  assert.deepEqual(problems.map((p) => [p.rule, p.line]), [["layering", 1], ["layering", 2], ["layering", 5]]);
  assert.match(problems[2].message, /`document`/);
});

test("lib/ may not import views/, views/ may not import app/", () => {
  const problems = check({
    "assets/app/main.js": "export const main = 1;\n",
    "assets/views/v.js": 'import { main } from "../app/main.js";\nexport const v = main;\n',
    "assets/lib/l.js": 'import { v } from "../views/v.js";\n',
  });
  assert.deepEqual(rules(problems), ["layering", "layering"]);
});

test("a function over 150 lines is found, with its first line", () => {
  const body = Array.from({ length: 150 }, (_, i) => `  const x${i} = ${i};`).join("\n");
  const problems = check({ "assets/views/long.js": `// a view\n\nexport function render() {\n${body}\n}\n\nfunction short() {\n  return 1;\n}\n` });
  assert.deepEqual(problems.map((p) => [p.rule, p.line]), [["long-function", 3]]);
  assert.match(problems[0].message, /152 lines/);
  assert.deepEqual(check({ "assets/views/ok.js": `export function render() {\n${body.split("\n").slice(2).join("\n")}\n}\n` }), [], "150 lines pass");
});

test("an /assets/ URL naming no file is found in pages, scripts and styles", () => {
  const problems = check({
    "index.html": '<link rel="stylesheet" href="/assets/styles/app.css"><script type="module" src="/assets/app.js"></script>',
    "assets/styles/app.css": "body { background: url(/assets/icons/gone.svg); }\n",
    "assets/lib/icons.js": 'export const ICONS = "/assets/styles/app.css";\n',
  });
  assert.deepEqual(problems.map((p) => [p.file, p.rule]), [["assets/styles/app.css", "missing-asset"], ["index.html", "missing-asset"]]);
});

test("the code scan is not fooled by braces in strings, templates, regular expressions and comments", () => {
  const source = [
    "const a = \"{\"; // }}}",
    "const re = /^#?([0-9a-f]{6})$/i;",
    "const t = `x ${`{${a}`} }`;",
    "/* { */",
    "function f(x) {",
    "  return x / 2 / (re.test(a) ? 1 : 2);",
    "}",
    "const g = (y) => {",
    "  if (y) {",
    "    return `${y}}`;",
    "  }",
    "  return { y };",
    "};",
  ].join("\n");
  assert.equal(skeleton(source).length, source.length, "offsets are kept");
  assert.deepEqual(functionLengths(source).map((fn) => [fn.line, fn.lines]), [[5, 3], [8, 6]]);
});

test("imports are read from every form, and not from strings or comments", () => {
  const source = [
    'import { a, b as c } from "./a.js";',
    "import * as all from './b.js';",
    'import "./side.js";',
    'export { d } from "./d.js";',
    "export * from './e.js';",
    'const lazy = () => import("./f.js");',
    '// import { no } from "./comment.js";',
    'const text = "import { no } from \\"./string.js\\"";',
    "export function fromHere(from) { return from; }",
  ].join("\n");
  assert.deepEqual(importsOf(source).map((i) => [i.specifier, i.dynamic]), [
    ["./a.js", false], ["./b.js", false], ["./side.js", false], ["./d.js", false], ["./e.js", false], ["./f.js", true],
  ]);
});
