// Checks the dashboard's front end (Sources/NightlightDashboard/Resources) for what makes it hard
// to change, without a build step or npm:
// - an import (static `import … from`, `export … from`, bare `import "…"`, or a dynamic
//   `import("…")` with a literal path) of a file that does not exist, or of a bare package name;
// - an import cycle (dynamic imports count: a loop through them is a loop all the same);
// - a layering breach: `model/` imports only `model/` and uses no browser globals (document,
//   window, …); `lib/` imports neither `views/` nor `app/`; `views/` does not import `app/`;
// - a function longer than 150 lines (a brace-matching scan over the code with its comments,
//   strings, template text and regular expressions blanked out);
// - a `/assets/…` URL (in a page, a script, a style sheet or an icon sprite) naming no file.
//
//   node Tests/WebModel/check-imports.mjs [RESOURCES]     prints the problems; exits 1 if any
//   node Tests/WebModel/check-imports.mjs --sizes         also lists the longest functions
//
// imports.test.mjs runs the same check under `node --test Tests/WebModel/`.

import { readFileSync, readdirSync, statSync, existsSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

/** The dashboard's resources folder (index.html, login.html, assets/). */
export const RESOURCES = resolve(dirname(fileURLToPath(import.meta.url)), "../../Sources/NightlightDashboard/Resources");

/** The longest a function may be, in lines (from its `{` to its `}`). */
export const MAX_FUNCTION_LINES = 150;

/** Browser globals that model code must not use: it runs in `node --test` too. */
const BROWSER_GLOBALS = ["document", "window", "location", "navigator", "localStorage", "sessionStorage", "HTMLElement", "customElements", "fetch", "WebSocket", "requestAnimationFrame", "ResizeObserver"];

/** Words after which a `/` starts a regular expression rather than a division. */
const REGEX_AFTER_WORDS = new Set(["return", "typeof", "case", "do", "else", "in", "of", "new", "delete", "void", "throw", "yield", "await", "instanceof"]);

/** Words before `(` that make the `{` after `)` a block, not a function body. */
const BLOCK_KEYWORDS = new Set(["if", "for", "while", "switch", "catch", "with"]);

// ---- Reading code ----

/**
 * The code of a JavaScript source with every comment, the text of strings, template literals
 * and regular expressions replaced by spaces (newlines kept, so offsets and line numbers stay).
 * String and regex delimiters are kept; a template's `${` and its `}` become spaces while the
 * expression inside stays code.
 */
export function skeleton(source) {
  const out = source.split("");
  const blank = (i) => {
    if (out[i] !== "\n") out[i] = " ";
  };
  const braces = []; // "code" for a { of the code, "template" for a ${ of a template
  let i = 0;
  let lastSignificant = -1; // index of the last code character that is not whitespace

  const previousWord = () => {
    let end = lastSignificant + 1;
    let start = end;
    while (start > 0 && /[\w$]/.test(out[start - 1])) start--;
    return out.slice(start, end).join("");
  };

  const regexAllowed = () => {
    if (lastSignificant < 0) return true;
    const c = out[lastSignificant];
    if ("(,=:[!&|?{};+-*%<>~^".includes(c)) return true;
    if (/[\w$]/.test(c)) return REGEX_AFTER_WORDS.has(previousWord());
    return false;
  };

  /** Blanks a template's text from i (after the backtick or a `}`); stops after the closing backtick or at a `${`. */
  const templateText = () => {
    while (i < source.length) {
      const c = source[i];
      if (c === "\\") {
        blank(i);
        blank(i + 1);
        i += 2;
      } else if (c === "`") {
        lastSignificant = i;
        i += 1;
        return;
      } else if (c === "$" && source[i + 1] === "{") {
        blank(i);
        blank(i + 1);
        braces.push("template");
        i += 2;
        lastSignificant = -1; // an expression starts: a / here is a regex
        return;
      } else {
        blank(i);
        i += 1;
      }
    }
  };

  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === "/" && next === "/") {
      while (i < source.length && source[i] !== "\n") blank(i++);
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end < 0 ? source.length : end + 2;
      while (i < stop) blank(i++);
    } else if (c === "'" || c === '"') {
      i += 1;
      while (i < source.length && source[i] !== c && source[i] !== "\n") {
        if (source[i] === "\\") blank(i++);
        blank(i++);
      }
      lastSignificant = i;
      i += 1;
    } else if (c === "`") {
      i += 1;
      templateText();
    } else if (c === "/" && regexAllowed()) {
      i += 1;
      let inClass = false;
      while (i < source.length && source[i] !== "\n") {
        const r = source[i];
        if (r === "\\") {
          blank(i++);
        } else if (r === "[") {
          inClass = true;
        } else if (r === "]") {
          inClass = false;
        } else if (r === "/" && !inClass) {
          break;
        }
        blank(i++);
      }
      i += 1; // the closing slash
      while (i < source.length && /[a-z]/i.test(source[i])) i++; // flags
      lastSignificant = i - 1;
    } else if (c === "{") {
      braces.push("code");
      lastSignificant = i;
      i += 1;
    } else if (c === "}") {
      const kind = braces.pop();
      if (kind === "template") {
        blank(i);
        i += 1;
        templateText();
      } else {
        lastSignificant = i;
        i += 1;
      }
    } else {
      if (!/\s/.test(c)) lastSignificant = i;
      i += 1;
    }
  }
  return out.join("");
}

const lineAt = (text, offset) => {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text[i] === "\n") line++;
  return line;
};

/**
 * The functions of a source with their length: [{name, line, lines}] where `line` is where the
 * body's `{` is and `lines` counts the lines from it to the matching `}`.
 */
export function functionLengths(source) {
  const code = skeleton(source);
  const functions = [];
  const open = []; // {function: bool, name, offset}
  const parens = []; // offsets of open (
  const matchingParen = new Map(); // offset of ) → offset of its (
  for (let i = 0; i < code.length; i++) {
    const c = code[i];
    if (c === "(") parens.push(i);
    else if (c === ")") matchingParen.set(i, parens.pop());
    else if (c === "{") {
      let j = i - 1;
      while (j >= 0 && /\s/.test(code[j])) j--;
      let isFunction = false;
      if (code[j] === ">" && code[j - 1] === "=") isFunction = true;
      else if (code[j] === ")" && matchingParen.has(j)) {
        let k = matchingParen.get(j) - 1;
        while (k >= 0 && /\s/.test(code[k])) k--;
        let start = k;
        while (start >= 0 && /[\w$]/.test(code[start])) start--;
        const word = code.slice(start + 1, k + 1);
        isFunction = !BLOCK_KEYWORDS.has(word);
      }
      const lineStart = code.lastIndexOf("\n", i) + 1;
      const name = source.slice(lineStart, i).trim().replace(/\s+/g, " ").slice(0, 80);
      open.push({ isFunction, name, offset: i });
    } else if (c === "}") {
      const block = open.pop();
      if (block?.isFunction) {
        const line = lineAt(code, block.offset);
        functions.push({ name: block.name, line, lines: lineAt(code, i) - line + 1 });
      }
    }
  }
  return functions;
}

/**
 * The imports of a source: [{specifier, line, dynamic}] for `import … from "x"`,
 * `export … from "x"`, `import "x"` and `import("x")` with a literal path.
 */
export function importsOf(source) {
  const code = skeleton(source);
  const found = [];
  const patterns = [
    [/(?<![\w$.])(?:import|export)\s+[\w$*{},\s]*?\bfrom\s*(["'])/g, false],
    [/(?<![\w$.])import\s*(["'])/g, false],
    [/(?<![\w$.])import\s*\(\s*(["'])/g, true],
  ];
  for (const [pattern, dynamic] of patterns) {
    for (const match of code.matchAll(pattern)) {
      const quote = match[1];
      const start = match.index + match[0].length;
      const end = code.indexOf(quote, start);
      if (end < 0) continue;
      found.push({ specifier: source.slice(start, end), line: lineAt(code, match.index), dynamic });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/** The browser globals a source's code uses (outside comments and strings): [{name, line}]. */
export function browserGlobalsOf(source) {
  const code = skeleton(source);
  const used = [];
  const pattern = new RegExp(`(?<![\\w$.])(${BROWSER_GLOBALS.join("|")})\\b(?!\\s*:)`, "g");
  for (const match of code.matchAll(pattern)) used.push({ name: match[1], line: lineAt(code, match.index) });
  return used;
}

// ---- Checking the resources ----

function filesUnder(folder) {
  const files = [];
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) files.push(...filesUnder(path));
    else files.push(path);
  }
  return files;
}

/** The assets/ layer a file belongs to: "model", "lib", "views", "app" or "" (the top). */
function layerOf(assets, file) {
  const first = relative(assets, file).split(sep)[0];
  return ["model", "lib", "views", "app"].includes(first) ? first : "";
}

/**
 * Checks every script of `resources` (default: the dashboard's). Returns
 * {problems: [{file, line, rule, message}], functions: [{file, name, line, lines}], graph}.
 */
export function checkResources(resources = RESOURCES) {
  const assets = join(resources, "assets");
  const problems = [];
  const functions = [];
  const graph = new Map(); // file → [{target, line}]
  const all = filesUnder(assets);
  const scripts = all.filter((file) => file.endsWith(".js") || file.endsWith(".mjs"));
  const show = (file) => relative(resources, file);
  const problem = (file, line, rule, message) => problems.push({ file: show(file), line, rule, message });

  for (const file of scripts) {
    const source = readFileSync(file, "utf8");
    const layer = layerOf(assets, file);
    const edges = [];
    for (const { specifier, line, dynamic } of importsOf(source)) {
      let target;
      if (specifier.startsWith("./") || specifier.startsWith("../")) target = resolve(dirname(file), specifier);
      else if (specifier.startsWith("/assets/")) target = join(assets, specifier.slice("/assets/".length));
      else {
        problem(file, line, "bare-import", `imports "${specifier}": only relative paths (./, ../) or /assets/… work without a build step`);
        continue;
      }
      if (!existsSync(target) || !statSync(target).isFile()) {
        problem(file, line, "missing-import", `imports "${specifier}", which does not exist (${show(target)})`);
        continue;
      }
      edges.push({ target, line, dynamic });
      const targetLayer = layerOf(assets, target);
      if (layer === "model" && targetLayer !== "model") {
        problem(file, line, "layering", `model code imports "${specifier}": model/ imports only model/ (no DOM, no views)`);
      } else if (layer === "lib" && (targetLayer === "views" || targetLayer === "app")) {
        problem(file, line, "layering", `lib/ imports "${specifier}": lib/ serves the views, it does not use them`);
      } else if (layer === "views" && targetLayer === "app") {
        problem(file, line, "layering", `a view imports "${specifier}": views get what they need from their context and lib/`);
      }
    }
    graph.set(file, edges);
    if (layer === "model") {
      for (const { name, line } of browserGlobalsOf(source)) {
        problem(file, line, "layering", `model code uses the browser's \`${name}\`: model/ is pure logic (it runs under node --test)`);
      }
    }
    for (const fn of functionLengths(source)) {
      functions.push({ file: show(file), ...fn });
      if (fn.lines > MAX_FUNCTION_LINES) {
        problem(file, fn.line, "long-function", `a function of ${fn.lines} lines (at most ${MAX_FUNCTION_LINES}): ${fn.name}`);
      }
    }
  }

  for (const cycle of cyclesOf(graph)) {
    const first = graph.get(cycle[0]).find((edge) => edge.target === cycle[1]);
    problem(cycle[0], first.line, "import-cycle", `an import cycle: ${[...cycle, cycle[0]].map(show).join(" → ")}`);
  }

  // Every /assets/… URL names a file (pages, scripts, styles, sprites).
  const texts = [...filesUnder(resources).filter((file) => /\.(html|js|css|svg)$/.test(file) && !file.includes(`${sep}.`))];
  for (const file of texts) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/\/assets\/([\w./-]*[\w])/g)) {
      const path = match[1];
      if (path.includes("NAME") || path.includes("…")) continue;
      if (!existsSync(join(assets, path))) {
        problem(file, lineAt(source, match.index), "missing-asset", `names /assets/${path}, which does not exist`);
      }
    }
  }

  problems.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  functions.sort((a, b) => b.lines - a.lines);
  return { problems, functions, graph };
}

/** The import cycles of a graph (file → [{target}]), each once, as a list of files from its smallest. */
export function cyclesOf(graph) {
  const cycles = new Map();
  const state = new Map(); // file → "open" | "done"
  const stack = [];
  const visit = (file) => {
    state.set(file, "open");
    stack.push(file);
    for (const { target } of graph.get(file) ?? []) {
      if (state.get(target) === "open") {
        const cycle = stack.slice(stack.indexOf(target));
        const smallest = cycle.indexOf([...cycle].sort()[0]);
        const rotated = [...cycle.slice(smallest), ...cycle.slice(0, smallest)];
        cycles.set(rotated.join("\n"), rotated);
      } else if (!state.has(target)) {
        visit(target);
      }
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return [...cycles.values()];
}

// ---- Command line ----

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const sizes = args.includes("--sizes");
  const folder = args.find((arg) => !arg.startsWith("--")) ?? RESOURCES;
  const { problems, functions, graph } = checkResources(resolve(folder));
  if (sizes) {
    console.log("Longest functions:");
    for (const fn of functions.slice(0, 15)) console.log(`  ${String(fn.lines).padStart(4)}  ${fn.file}:${fn.line}  ${fn.name}`);
  }
  for (const p of problems) console.log(`${p.file}:${p.line}: ${p.rule}: ${p.message}`);
  console.log(problems.length ? `${problems.length} problem${problems.length === 1 ? "" : "s"} in ${graph.size} scripts` : `${graph.size} scripts: no problems`);
  process.exitCode = problems.length ? 1 : 0;
}
