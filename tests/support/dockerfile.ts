/**
 * Docker without Docker, for tests/integration/dockerfile-content.test.ts: the build context as
 * `.dockerignore` leaves it, and a Dockerfile's stages carried out in folders that stand for each
 * image's root. Only what this project's Dockerfile uses is understood; anything else throws, so
 * a Dockerfile that outgrows this fails the test instead of being half carried out.
 */
import { execFileSync, spawnSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readlinkSync,
  statSync,
  symlinkSync,
} from "node:fs";
import { basename, dirname, join, posix } from "node:path";

// ——— .dockerignore ———

interface IgnorePattern {
  exception: boolean;
  regex: RegExp;
}

/** One pattern as Docker reads it (moby/patternmatcher): cleaned, relative to the root. */
function compilePattern(line: string): IgnorePattern {
  const exception = line.startsWith("!");
  const pattern = posix.normalize(line.slice(exception ? 1 : 0).trim()).replace(/^\/+/, "");
  let regex = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === "*") {
      if (pattern[i + 1] === "*") {
        i++;
        // `**/` is any number of folders, none included; a trailing or lone `**` is anything.
        if (pattern[i + 1] === "/") {
          i++;
          regex += "(?:.*/)?";
        } else regex += ".*";
      } else regex += "[^/]*";
    } else if (char === "?") regex += "[^/]";
    else if (char === "[") {
      const end = pattern.indexOf("]", i + 1);
      if (end === -1) throw new Error(`.dockerignore: unclosed [ in ${line}`);
      regex += `[${pattern.slice(i + 1, end).replace(/^!/, "^")}]`;
      i = end;
    } else if (char === "\\") {
      i++;
      regex += (pattern[i] ?? "").replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
    } else regex += char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  }
  return { exception, regex: new RegExp(`^${regex}$`) };
}

export interface DockerIgnore {
  /** Whether a path (relative to the context, with `/`) is left out of the context. */
  excludes: (path: string) => boolean;
  hasExceptions: boolean;
}

/**
 * Docker's rules: comments and blank lines skipped; a pattern matches a path or any folder it is
 * in; the last pattern that matches decides, `!` bringing a path back.
 */
export function parseDockerIgnore(text: string): DockerIgnore {
  const patterns = text
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map(compilePattern);
  return {
    hasExceptions: patterns.some((pattern) => pattern.exception),
    excludes: (path) => {
      const parts = path.split("/");
      const candidates = parts.map((_, n) => parts.slice(0, n + 1).join("/"));
      let excluded = false;
      for (const pattern of patterns) {
        if (candidates.some((candidate) => pattern.regex.test(candidate))) {
          excluded = !pattern.exception;
        }
      }
      return excluded;
    },
  };
}

/** Copies `source` to `target` as `docker build` would send it: minus what .dockerignore says. */
export function copyBuildContext(source: string, target: string, ignore: DockerIgnore) {
  const walk = (relative: string) => {
    for (const entry of readdirSync(join(source, relative), { withFileTypes: true })) {
      const path = relative ? `${relative}/${entry.name}` : entry.name;
      const excluded = ignore.excludes(path);
      if (entry.isDirectory()) {
        // An excluded folder is still looked into when a `!` pattern may bring something back.
        if (!excluded || ignore.hasExceptions) walk(path);
        continue;
      }
      if (excluded) continue;
      mkdirSync(join(target, relative), { recursive: true });
      if (entry.isSymbolicLink()) symlinkSync(readlinkSync(join(source, path)), join(target, path));
      else copyFileSync(join(source, path), join(target, path));
    }
  };
  mkdirSync(target, { recursive: true });
  walk("");
}

// ——— Dockerfile ———

export type Instruction =
  | { kind: "ENV"; values: Record<string, string> }
  | { kind: "WORKDIR"; path: string }
  | { kind: "COPY"; from?: string; chown?: string; sources: string[]; destination: string }
  | { kind: "RUN"; command: string }
  | { kind: "USER"; user: string }
  | { kind: "VOLUME"; paths: string[] }
  | { kind: "EXPOSE"; ports: string[] }
  | { kind: "HEALTHCHECK"; options: Record<string, string>; command: string[] }
  | { kind: "CMD"; command: string[] };

export interface Stage {
  image: string;
  name?: string;
  instructions: Instruction[];
}

/** Instructions, one a line: continuations joined, comments and blank lines dropped. */
function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let current = "";
  for (const raw of text.split("\n")) {
    const trimmed = raw.trim();
    if (trimmed.startsWith("#") || (trimmed === "" && current === "")) continue;
    if (trimmed.endsWith("\\")) {
      current += `${trimmed.slice(0, -1)} `;
      continue;
    }
    lines.push((current + trimmed).trim());
    current = "";
  }
  if (current.trim()) lines.push(current.trim());
  return lines.filter(Boolean);
}

/** `--name=value` flags at the start of an instruction's arguments. */
function flags(rest: string): { flags: Record<string, string>; rest: string } {
  const found: Record<string, string> = {};
  let remaining = rest;
  for (let match = remaining.match(/^--([a-z-]+)=(\S+)\s*/); match; ) {
    found[match[1] as string] = match[2] as string;
    remaining = remaining.slice(match[0].length);
    match = remaining.match(/^--([a-z-]+)=(\S+)\s*/);
  }
  return { flags: found, rest: remaining };
}

function execForm(text: string, where: string): string[] {
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed) || !parsed.every((part) => typeof part === "string")) {
    throw new Error(`${where}: expected the exec form, a JSON array of strings`);
  }
  return parsed;
}

export function parseDockerfile(text: string): Stage[] {
  const stages: Stage[] = [];
  for (const line of logicalLines(text)) {
    const [, keyword = "", rest = ""] = line.match(/^(\S+)\s*(.*)$/) ?? [];
    const instruction = keyword.toUpperCase();
    if (instruction === "FROM") {
      const [, image = "", name] = rest.match(/^(\S+)(?:\s+AS\s+(\S+))?$/i) ?? [];
      stages.push({ image, name, instructions: [] });
      continue;
    }
    const stage = stages.at(-1);
    if (!stage) throw new Error(`Dockerfile: ${instruction} before FROM`);
    if (rest.includes("$") && instruction !== "RUN" && instruction !== "HEALTHCHECK") {
      throw new Error(`Dockerfile: variables are not understood here: ${line}`);
    }
    switch (instruction) {
      case "ENV": {
        const values: Record<string, string> = {};
        for (const [, key = "", quoted, plain] of rest.matchAll(/(\w+)=(?:"([^"]*)"|(\S*))/g)) {
          values[key] = quoted ?? plain ?? "";
        }
        stage.instructions.push({ kind: "ENV", values });
        break;
      }
      case "WORKDIR":
        stage.instructions.push({ kind: "WORKDIR", path: rest });
        break;
      case "COPY": {
        const parsed = flags(rest);
        const unknown = Object.keys(parsed.flags).filter(
          (flag) => !["from", "chown"].includes(flag),
        );
        if (unknown.length > 0 || parsed.rest.startsWith("[") || /[*?[]/.test(parsed.rest)) {
          throw new Error(`Dockerfile: this COPY is not understood: ${line}`);
        }
        const paths = parsed.rest.split(/\s+/);
        stage.instructions.push({
          kind: "COPY",
          from: parsed.flags.from,
          chown: parsed.flags.chown,
          sources: paths.slice(0, -1),
          destination: paths.at(-1) ?? "",
        });
        break;
      }
      case "RUN":
        if (rest.startsWith("[") || rest.startsWith("--")) {
          throw new Error(`Dockerfile: only RUN's shell form is understood: ${line}`);
        }
        stage.instructions.push({ kind: "RUN", command: rest });
        break;
      case "USER":
        stage.instructions.push({ kind: "USER", user: rest });
        break;
      case "VOLUME":
        stage.instructions.push({
          kind: "VOLUME",
          paths: rest.startsWith("[") ? execForm(rest, "VOLUME") : rest.split(/\s+/),
        });
        break;
      case "EXPOSE":
        stage.instructions.push({ kind: "EXPOSE", ports: rest.split(/\s+/) });
        break;
      case "HEALTHCHECK": {
        const parsed = flags(rest);
        const command = parsed.rest.match(/^CMD\s+(.*)$/);
        if (!command)
          throw new Error(`Dockerfile: HEALTHCHECK needs CMD in the exec form: ${line}`);
        stage.instructions.push({
          kind: "HEALTHCHECK",
          options: parsed.flags,
          command: execForm(command[1] as string, "HEALTHCHECK"),
        });
        break;
      }
      case "CMD":
        stage.instructions.push({ kind: "CMD", command: execForm(rest, "CMD") });
        break;
      default:
        throw new Error(`Dockerfile: ${instruction} is not understood by this test`);
    }
  }
  return stages;
}

/** What a stage's image is once built: its folder, and what it says about running it. */
export interface BuiltStage {
  root: string;
  /** The working directory, as an image path (`/app`). */
  workdir: string;
  /** ENV as written, with image paths. */
  env: Record<string, string>;
  user?: string;
  volumes: string[];
  exposed: string[];
  healthcheck?: { options: Record<string, string>; command: string[] };
  command?: string[];
  /** Image paths copied with --chown, and to whom. */
  chowned: { path: string; owner: string }[];
}

/** An image path (`/data`, or in a `file:` URL) in the folder that stands for the image. */
export function onRoot(root: string, value: string): string {
  if (value.startsWith("file:/")) return `file:${join(root, value.slice("file:".length))}`;
  return value.startsWith("/") ? join(root, value) : value;
}

/** A stage's ENV for a process in the folder standing for its image. */
export function environmentOn(stage: BuiltStage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(stage.env).map(([key, value]) => [key, onRoot(stage.root, value)]),
  );
}

export interface BuildOptions {
  /** The build context (already filtered by .dockerignore). */
  context: string;
  /** Where each stage's folder is made. */
  folder: string;
  /** The environment the base image gives RUN steps (its PATH, with Node 24, and so on). */
  baseEnvironment: Record<string, string>;
  /** Who an image user such as `node` is on this machine, for COPY --chown (uid:gid). */
  ownerOf: (imageUser: string) => string | undefined;
  /** Called before each step, for the test's log. */
  onStep?: (stage: number, description: string) => void;
}

function describeStep(instruction: Instruction): string {
  switch (instruction.kind) {
    case "RUN":
      return `RUN ${instruction.command}`;
    case "COPY":
      return `COPY ${instruction.from ? `--from=${instruction.from} ` : ""}${instruction.sources.join(" ")} ${instruction.destination}`;
    default:
      return instruction.kind;
  }
}

/** Carries out every stage in order; returns them built, the last being the image. */
export function buildStages(stages: Stage[], options: BuildOptions): BuiltStage[] {
  const built: BuiltStage[] = [];
  stages.forEach((stage, index) => {
    const root = join(options.folder, `stage-${index}${stage.name ? `-${stage.name}` : ""}`);
    mkdirSync(root, { recursive: true });
    const state: BuiltStage = {
      root,
      workdir: "/",
      env: {},
      volumes: [],
      exposed: [],
      chowned: [],
    };
    const imagePath = (path: string) => posix.resolve(state.workdir, path);
    for (const instruction of stage.instructions) {
      options.onStep?.(index, describeStep(instruction));
      switch (instruction.kind) {
        case "ENV":
          Object.assign(state.env, instruction.values);
          break;
        case "WORKDIR":
          state.workdir = imagePath(instruction.path);
          mkdirSync(join(root, state.workdir), { recursive: true });
          break;
        case "COPY": {
          const fromStage = instruction.from;
          let sourceRoot = options.context;
          if (fromStage !== undefined) {
            const found = built[stages.findIndex((s) => s.name === fromStage)];
            if (!found) throw new Error(`COPY --from=${fromStage}: no such earlier stage`);
            sourceRoot = found.root;
          }
          const destination = imagePath(instruction.destination);
          const intoFolder =
            instruction.destination.endsWith("/") || instruction.sources.length > 1;
          for (const source of instruction.sources) {
            // Sources are paths in the context, or in the other stage's image.
            const from = join(
              sourceRoot,
              fromStage === undefined ? source : posix.resolve("/", source),
            );
            if (!existsSync(from)) throw new Error(`COPY: ${source} does not exist`);
            if (statSync(from).isDirectory()) {
              // Docker copies a folder's contents, not the folder itself.
              mkdirSync(join(root, destination), { recursive: true });
              execFileSync("cp", ["-a", `${from}/.`, join(root, destination)]);
            } else {
              const target = intoFolder
                ? join(root, destination, basename(from))
                : join(root, destination);
              mkdirSync(dirname(target), { recursive: true });
              execFileSync("cp", ["-a", from, target]);
            }
          }
          if (instruction.chown) {
            const owner = options.ownerOf(instruction.chown.split(":")[0] as string);
            if (owner) execFileSync("chown", ["-R", owner, join(root, destination)]);
            state.chowned.push({ path: destination, owner: instruction.chown });
          }
          break;
        }
        case "RUN": {
          const result = spawnSync("sh", ["-c", instruction.command], {
            cwd: join(root, state.workdir),
            env: { ...options.baseEnvironment, ...environmentOn(state) },
            encoding: "utf8",
            stdio: ["ignore", "pipe", "pipe"],
          });
          if (result.status !== 0) {
            throw new Error(
              `RUN ${instruction.command} failed (${result.status}):\n${result.stdout}\n${result.stderr}`,
            );
          }
          break;
        }
        case "USER":
          state.user = instruction.user;
          break;
        case "VOLUME":
          state.volumes.push(...instruction.paths);
          for (const path of instruction.paths) mkdirSync(join(root, path), { recursive: true });
          break;
        case "EXPOSE":
          state.exposed.push(...instruction.ports);
          break;
        case "HEALTHCHECK":
          state.healthcheck = { options: instruction.options, command: instruction.command };
          break;
        case "CMD":
          state.command = instruction.command;
          break;
      }
    }
    built.push(state);
  });
  return built;
}
